import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stackConfig, stackEnv, testStackConfig } from '../../scripts/lib/config';
import { assertPortsFree } from '../../scripts/lib/stack';

describe('stack configuration', () => {
  it('when nothing is set, then the documented defaults are used', () => {
    const config = stackConfig({});
    expect(config).toMatchObject({
      projectId: 'demo-site',
      sitePort: 5173,
      apiPort: 3001,
      authPort: 9099,
      firestorePort: 8080,
      mailSmtpPort: 1025,
      mailWebPort: 1080,
    });
  });

  it('when ports are set in the environment, then they win', () => {
    const config = stackConfig({
      SITE_PORT: '6000',
      API_PORT: '6001',
      FIRESTORE_EMULATOR_PORT: '6002',
      AUTH_EMULATOR_PORT: '6003',
      MAIL_SMTP_PORT: '6010',
      MAIL_WEB_PORT: '6011',
    });
    expect(config).toMatchObject({
      sitePort: 6000,
      apiPort: 6001,
      firestorePort: 6002,
      authPort: 6003,
      hubPort: 6005,
      mailSmtpPort: 6010,
      mailWebPort: 6011,
    });
  });

  it('when a port is not a number, then it says which variable is wrong', () => {
    expect(() => stackConfig({ API_PORT: 'abc' })).toThrow(/API_PORT must be a port number/);
  });

  it('when tests run, then they use offset ports and their own demo project', () => {
    const config = testStackConfig({ TEST_PORT_OFFSET: '300', MAIL_SMTP_PORT: '1025', MAIL_WEB_PORT: '1080' });
    expect(config).toMatchObject({
      projectId: 'demo-test-300',
      sitePort: 5473,
      apiPort: 3301,
      authPort: 9399,
      firestorePort: 8380,
      mailSmtpPort: 1325,
      mailWebPort: 1380,
    });
    expect(stackEnv(config)).toMatchObject({
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8380',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9399',
      LOAD_DOTENV: 'false',
      SMTP_URL: 'smtp://127.0.0.1:1325',
      MAIL_CATCHER_URL: 'http://127.0.0.1:1380',
    });
  });
});

describe('assertPortsFree', () => {
  let server: net.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('when a port is taken, then the error names the port, the service and the variable', async () => {
    server = net.createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await expect(assertPortsFree([[port, 'API', 'API_PORT']])).rejects.toThrow(
      `Port ${port} (API) is already in use. Stop whatever is using it (e.g. 'lsof -i :${port}') or set API_PORT to another port.`,
    );
  });

  it('when a port is free, then it passes', async () => {
    server = net.createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(assertPortsFree([[port, 'API', 'API_PORT']])).resolves.toBeUndefined();
  });
});
