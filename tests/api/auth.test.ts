import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../server/auth';
import { errorHandler } from '../../server/errors';
import { initFirebase } from '../../server/firebase';
import { createUserWithToken, stack } from '../helpers/emulators';

// A tiny app around the real middleware, verifying real tokens from the Auth emulator.
function appWith(required: boolean) {
  const app = express();
  app.get('/who', authenticate(initFirebase(stack.projectId).auth, { required }), (req, res) => {
    res.json({ uid: req.user?.uid ?? null });
  });
  app.use(errorHandler);
  return app;
}

let user: { uid: string; idToken: string };

beforeAll(async () => {
  user = await createUserWithToken(`auth-mw-${Date.now()}@example.com`);
});

describe('authenticate middleware', () => {
  it('when a valid ID token is sent, then the uid comes from the token', async () => {
    const response = await request(appWith(true)).get('/who').set('Authorization', `Bearer ${user.idToken}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ uid: user.uid });
  });

  it('when no token is sent to a protected route, then it answers 401 with a message', async () => {
    const response = await request(appWith(true)).get('/who');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in to continue.' });
  });

  it('when no token is sent to an open route, then it continues as a visitor', async () => {
    const response = await request(appWith(false)).get('/who');
    expect(response.body).toEqual({ uid: null });
  });

  it('when the token is forged or malformed, then it answers 401', async () => {
    const forged = await request(appWith(false)).get('/who').set('Authorization', 'Bearer not.a.token');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Your session has expired. Please log in again.');
    const malformed = await request(appWith(false)).get('/who').set('Authorization', 'Basic abc');
    expect(malformed.status).toBe(401);
  });
});
