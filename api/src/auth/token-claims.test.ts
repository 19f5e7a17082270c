import { bearerToken, isUuid, parseAccessClaims } from './token-claims';

const USER = '8f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const SESSION = '1f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const valid = { sub: USER, sid: SESSION, role: 'user', aud: 'player', site: 'backlay', typ: 'access', iat: 1_000, exp: 1_600 };

describe('parseAccessClaims', () => {
  it('accepts our access claims', () => {
    expect(parseAccessClaims(valid)).toEqual(valid);
    expect(parseAccessClaims({ ...valid, role: 'dl', aud: 'admin' })).toEqual({ ...valid, role: 'dl', aud: 'admin' });
  });

  it.each([
    ['not an object', 'token'],
    ['null', null],
    ['refresh typ', { ...valid, typ: 'refresh' }],
    ['missing typ', { ...valid, typ: undefined }],
    ['sub not a uuid', { ...valid, sub: 'admin' }],
    ['sid missing', { ...valid, sid: undefined }],
    ['unknown role', { ...valid, role: 'root' }],
    ['unknown audience', { ...valid, aud: 'api' }],
    ['player role in the admin area', { ...valid, aud: 'admin' }],
    ['agent role in the player area', { ...valid, role: 'mdl' }],
    ['iat not an integer', { ...valid, iat: 1.5 }],
    ['exp before iat', { ...valid, exp: 999 }],
    ['no site (a token from before sites)', { ...valid, site: undefined }],
    ['a site that is no site id', { ...valid, site: 'Back lay' }],
  ])('refuses %s', (_name, payload) => {
    expect(parseAccessClaims(payload)).toBeNull();
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
    [undefined, null],
    ['', null],
    ['Bearer', null],
    ['Basic abc', null],
    ['Bearer a b', null],
    ['Token abc', null],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('isUuid', () => {
  it('accepts lower-case canonical UUIDs only', () => {
    expect(isUuid(USER)).toBe(true);
    expect(isUuid(USER.toUpperCase())).toBe(false);
    expect(isUuid('123')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
