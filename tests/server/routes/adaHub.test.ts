import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaHubUrlOf } from '../../../server/app';
import { get, login, startPortal, write, type TestPortal } from '../harness';

describe('the ADA Hub address, set when the server starts', () => {
  it('takes an http(s) address or a path of this site, and refuses anything else by name', () => {
    expect(adaHubUrlOf(undefined)).toBeNull();
    expect(adaHubUrlOf('  ')).toBeNull();
    expect(adaHubUrlOf(' https://hub.example.com/login ')).toBe('https://hub.example.com/login');
    expect(adaHubUrlOf('/partner/login')).toBe('/partner/login');
    for (const bad of ['javascript:alert(1)', 'hub.example.com', '//evil.example', 'https://']) {
      expect(() => adaHubUrlOf(bad), bad).toThrow(/ADA_HUB_URL/);
    }
  });
});

describe('the session tells the browser where /ada goes', () => {
  let configured: TestPortal;
  let bare: TestPortal;
  beforeAll(async () => {
    configured = await startPortal({ adaHubUrl: 'https://hub.example.com/login' });
    bare = await startPortal({ adaHubUrl: null });
  });
  afterAll(async () => {
    await configured.close();
    await bare.close();
  });

  it('carries the configured address at login, on reading the session and while emulating', async () => {
    const ada = await login(configured.app, 'admin@demo.label');
    expect(ada.body.adaHubUrl).toBe('https://hub.example.com/login');
    const read = await get(configured.app, ada, '/api/session');
    expect(read.json()).toMatchObject({ adaHubUrl: 'https://hub.example.com/login' });
    const emulating = await write(configured.app, ada, 'POST', '/api/session/emulate', {
      username: 'payee@demo.label',
    });
    expect(emulating.json()).toMatchObject({ adaHubUrl: 'https://hub.example.com/login' });
  });

  it('says nothing of a hub the install has not configured', async () => {
    const paco = await login(bare.app, 'payee@demo.label');
    expect(paco.body).not.toHaveProperty('adaHubUrl');
    expect((await get(bare.app, paco, '/api/session')).json()).not.toHaveProperty('adaHubUrl');
  });
});
