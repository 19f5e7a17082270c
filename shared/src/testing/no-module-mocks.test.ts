/**
 * @jest-environment node
 *
 * Front-end tests hand screens fakes through `renderWithApis` (ADR 0051); none replaces the
 * @backlay/shared module (or a subpath of it) with jest.mock, which would let a test pass against
 * a module that is not the product's. The figure was 41 files; it must stay 0.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const PACKAGES = ['shared', 'shell', 'remote-sports', 'remote-casino', 'remote-payments', 'remote-admin'];
const MODULE_MOCK = /jest\.(?:mock|doMock|unstable_mockModule)\(\s*['"`]@backlay\/shared(?:\/[^'"`]*)?['"`]/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('front-end tests', () => {
  const files = PACKAGES.flatMap((pkg) => testFiles(path.join(ROOT, pkg, 'src')));

  it('are found (the scan is not looking at an empty tree)', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('never mock @backlay/shared as a module: they render with fakes (renderWithApis of @backlay/shared/testing)', () => {
    // This file is left out: its own examples below are module mocks.
    const offenders = files.filter((file) => file !== __filename).filter((file) => MODULE_MOCK.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('would see one', () => {
    expect(MODULE_MOCK.test("jest.mock('@backlay/shared', () => ({}))")).toBe(true);
    expect(MODULE_MOCK.test('jest.mock("@backlay/shared/testing")')).toBe(true);
    expect(MODULE_MOCK.test("jest.mock('../session/session')")).toBe(false);
  });
});
