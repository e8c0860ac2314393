import { describe, expect, it } from 'vitest';
import { configFilePath, loadMachineConfig, updateFeedUrl } from './machineConfig';

/** The machine's configuration: environment, then the file, each validated, with where each value came from. */

const files = (content: Record<string, string>) => (path: string) => content[path] ?? null;
const ETC = '/etc/counter/config.json';

describe('the machine’s configuration', () => {
  it('reads the machine-wide file, and the environment wins over it key by key', () => {
    const file = JSON.stringify({
      terminal: { url: 'https://10.0.0.5:8443/nexo', poiId: 'P400-123', unencrypted: true },
      printer: { url: 'tcp://10.0.0.6:9100' },
      central: { url: 'https://central.example' },
    });
    const env = { COUNTER_PRINTER_URL: 'none' };
    const loaded = loadMachineConfig(env, 'linux', files({ [ETC]: file }));
    expect(loaded).toEqual({
      kind: 'ok',
      value: {
        config: {
          terminal: { url: 'https://10.0.0.5:8443/nexo', poiId: 'P400-123', unencrypted: true },
          printer: { url: 'none' },
          central: { url: 'https://central.example' },
        },
        sources: {
          'terminal.url': 'file',
          'terminal.poiId': 'file',
          'terminal.unencrypted': 'file',
          'printer.url': 'environment',
          'central.url': 'file',
        },
        file: ETC,
      },
    });
  });

  it('runs on the settings alone without a file or variables, and reads the variables alone without a file', () => {
    expect(loadMachineConfig({}, 'linux', files({}))).toEqual({ kind: 'ok', value: { config: {}, sources: {}, file: null } });
    const loaded = loadMachineConfig({ COUNTER_TERMINAL_URL: 'simulator', COUNTER_CENTRAL_TOKEN: 'a-bearer-token-1' }, 'linux', files({}));
    expect(loaded).toMatchObject({
      kind: 'ok',
      value: {
        config: { terminal: { url: 'simulator' }, central: { token: 'a-bearer-token-1' } },
        sources: { 'central.token': 'environment' },
      },
    });
  });

  it('takes the file COUNTER_CONFIG names, which must exist; on Windows the machine-wide file is under ProgramData', () => {
    expect(loadMachineConfig({ COUNTER_CONFIG: '/srv/c.json' }, 'linux', files({ '/srv/c.json': '{"drawer":"none"}' }))).toMatchObject({
      kind: 'ok',
      value: { config: { drawer: 'none' }, file: '/srv/c.json' },
    });
    expect(loadMachineConfig({ COUNTER_CONFIG: '/srv/gone.json' }, 'linux', files({}))).toEqual({
      kind: 'refused',
      message: 'the config file /srv/gone.json (COUNTER_CONFIG) does not exist',
    });
    expect(configFilePath({ ProgramData: 'D:\\PD' }, 'win32')).toEqual({ path: 'D:\\PD\\Counter\\config.json', named: false });
  });

  it('refuses a file that is not JSON, a wrong value and an unknown key, naming the key', () => {
    const load = (text: string) => loadMachineConfig({}, 'linux', files({ [ETC]: text }));
    expect(load('{"terminal": ')).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^the config file \/etc\/counter\/config.json is not JSON/),
    });
    expect(load('{"printer": {"url": "lpt1"}}')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('printer.url: a printer is tcp://HOST:9100'),
    });
    expect(load('{"terminal": {"ulr": "simulator"}}')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining(': terminal.ulr:'),
    });
    expect(load('{"central": {"url": "http://central.example"}}')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('central.url: https:// is required'),
    });
  });

  it('refuses a wrong variable, naming the variable', () => {
    expect(loadMachineConfig({ COUNTER_DRAWER: 'kick' }, 'linux', files({}))).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^COUNTER_DRAWER: /),
    });
    expect(loadMachineConfig({ COUNTER_TERMINAL_KEY_VERSION: 'one' }, 'linux', files({}))).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^COUNTER_TERMINAL_KEY_VERSION: /),
    });
  });

  it('names the terminal’s brand, from the file or COUNTER_TERMINAL_BRAND, and refuses a brand without a driver', () => {
    const load = (text: string, env: Record<string, string> = {}) => loadMachineConfig(env, 'linux', files({ [ETC]: text }));
    expect(load('{"terminal": {"brand": "nexo", "url": "simulator"}}')).toMatchObject({
      kind: 'ok',
      value: { config: { terminal: { brand: 'nexo' } } },
    });
    expect(load('{}', { COUNTER_TERMINAL_BRAND: 'nexo' })).toMatchObject({
      kind: 'ok',
      value: { config: { terminal: { brand: 'nexo' } } },
    });
    expect(load('{"terminal": {"brand": "ingenico"}}')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('terminal.brand'),
    });
    expect(load('{}', { COUNTER_TERMINAL_BRAND: 'ingenico' })).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^COUNTER_TERMINAL_BRAND: /),
    });
  });

  it('takes the parts of the terminal’s key from both, and refuses a key with a part missing', () => {
    const file = JSON.stringify({ terminal: { key: { id: 'kid', passphrase: 'secret' } } });
    expect(loadMachineConfig({ COUNTER_TERMINAL_KEY_VERSION: '2' }, 'linux', files({ [ETC]: file }))).toMatchObject({
      kind: 'ok',
      value: {
        config: { terminal: { key: { id: 'kid', passphrase: 'secret', version: 2 } } },
        sources: { 'terminal.key.version': 'environment' },
      },
    });
    expect(loadMachineConfig({}, 'linux', files({ [ETC]: file }))).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/^the counter's configuration: terminal.key.version: /),
    });
  });

  it('refuses a networked terminal with neither a key nor unencrypted, or without its POIID', () => {
    const env = { COUNTER_TERMINAL_URL: 'https://10.0.0.5:8443/nexo', COUNTER_TERMINAL_POI_ID: 'P400-1' };
    expect(loadMachineConfig(env, 'linux', files({}))).toEqual({
      kind: 'refused',
      message: "the counter's configuration: terminal.url: a terminal needs terminal.key (id, passphrase, version) or terminal.unencrypted",
    });
    const keyed = { ...env, COUNTER_TERMINAL_KEY_ID: 'k', COUNTER_TERMINAL_KEY_PASSPHRASE: 'p', COUNTER_TERMINAL_KEY_VERSION: '0' };
    expect(loadMachineConfig(keyed, 'linux', files({}))).toMatchObject({
      kind: 'ok',
      value: { config: { terminal: { key: { id: 'k', passphrase: 'p', version: 0 } } } },
    });
    expect(
      loadMachineConfig({ COUNTER_TERMINAL_URL: env.COUNTER_TERMINAL_URL, COUNTER_TERMINAL_UNENCRYPTED: '1' }, 'linux', files({})),
    ).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('terminal.poiId'),
    });
  });
});

describe('updateFeedUrl', () => {
  it('is updates.url, else the central’s /updates/, else none', () => {
    expect(updateFeedUrl({ updates: { url: 'https://updates.example.org/counter' } })).toBe('https://updates.example.org/counter/');
    expect(updateFeedUrl({ central: { url: 'https://central.example.org/' } })).toBe('https://central.example.org/updates/');
    expect(updateFeedUrl({})).toBeNull();
  });

  it('comes from COUNTER_UPDATES_URL before the file, and must be https', () => {
    const env = { COUNTER_UPDATES_URL: 'https://feed.example.org/' };
    const loaded = loadMachineConfig(env, 'linux', () => JSON.stringify({ updates: { url: 'https://other.example.org/' } }));
    expect(loaded.kind === 'ok' && loaded.value.config.updates).toEqual({ url: 'https://feed.example.org/' });
    expect(loadMachineConfig({ COUNTER_UPDATES_URL: 'http://feed.example.org/' }, 'linux', () => null)).toMatchObject({ kind: 'refused' });
  });
});
