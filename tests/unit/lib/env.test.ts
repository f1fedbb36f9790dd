import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('when nothing is set (or only empty values), then the demo project runs on the local emulators', () => {
    const env = parseEnv({ VITE_API_URL: '', MODE: 'production' });

    expect(env.firebase).toMatchObject({ projectId: 'demo-site', apiKey: 'demo-api-key' });
    expect(env).toMatchObject({ useEmulators: true, firestoreEmulatorHost: '127.0.0.1:8080', apiUrl: '' });
  });

  it('when an emulator host is not host:port, then loading refuses and names the variable', () => {
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_HOST: 'localhost' })).toThrow(
      /VITE_AUTH_EMULATOR_HOST: must be host:port/,
    );
  });

  it('when a real project has no API key, then loading refuses', () => {
    expect(() => parseEnv({ VITE_FIREBASE_PROJECT_ID: 'acme-shop' })).toThrow(/VITE_FIREBASE_API_KEY is missing/);
  });

  it('when the API URL ends with a slash, then it is dropped', () => {
    expect(parseEnv({ VITE_API_URL: 'https://api.example.com/' }).apiUrl).toBe('https://api.example.com');
  });

  it('when both emulator hosts are wrong, then the error names both', () => {
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_HOST: 'localhost', VITE_FIRESTORE_EMULATOR_HOST: 'x:y' })).toThrow(
      /VITE_FIRESTORE_EMULATOR_HOST: must be host:port.*; VITE_AUTH_EMULATOR_HOST: must be host:port/,
    );
  });
});
