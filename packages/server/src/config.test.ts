import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyFrom } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For is not believed', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
  });

  it("takes what Fastify's trustProxy takes: true, a hop count, or a list of addresses and CIDR ranges", () => {
    expect(trustProxyFrom('true')).toBe(true);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom(' 10.0.0.1, 192.168.0.0/16 ,fd00::/8,loopback,10.0.0.0/255.0.0.0')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
      '10.0.0.0/255.0.0.0',
    ]);
  });

  it('refuses anything else, naming the entry', () => {
    for (const bad of ['yes', '10.0.0.1,proxy.local', '10.0.0.0/33', '10.0.0.1/8/8', '-1']) {
      expect(() => trustProxyFrom(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the sign-in throttle settings', () => {
  it('count failures per username and address, and per address', () => {
    const config = loadConfig({ LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS: '7', LOGIN_MAX_FAILURES_PER_ADDRESS: '30' });
    expect(config).toMatchObject({ loginMaxFailuresPerUserAndAddress: 7, loginMaxFailuresPerAddress: 30 });
  });

  it('refuse the old per-username setting, whose meaning changed', () => {
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_USER: '5' })).toThrow(/LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS/);
  });
});
