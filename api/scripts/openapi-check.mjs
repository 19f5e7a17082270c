#!/usr/bin/env node
// The OpenAPI document as an integrator meets it (issue 34): `node api/scripts/openapi-check.mjs
// <openapi.json> [types.d.ts]` lints it with Redocly's `recommended` rules (@redocly/openapi-core,
// the engine of `redocly lint`) and prints each problem (rule, where, message); with a second
// argument it writes the TypeScript types openapi-typescript generates from it, the typed client's
// base. Exits 1 on any lint error. api/test/openapi-lint.test.ts runs it on the live app's document.
import { readFileSync, writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';

const [file, typesOut] = process.argv.slice(2);
if (!file) {
  console.error('usage: openapi-check.mjs <openapi.json> [types.d.ts]');
  process.exit(2);
}
const source = readFileSync(file, 'utf8');
// Redocly's recommended rules, all of them but one: the API is proprietary and has no license URL
// to give (info-license-strict asks for one; the license's name is there).
const config = await createConfig({ extends: ['recommended'], rules: { 'info-license-strict': 'off' } });
const problems = await lintFromString({ source, absoluteRef: file, config });
const errors = problems.filter((p) => p.severity === 'error');
const warnings = problems.filter((p) => p.severity === 'warn');
for (const p of problems) {
  const where = p.location?.[0]?.pointer ?? '';
  console.log(`${p.severity} ${p.ruleId} ${where} ${p.message}`);
}
console.log(`lint: ${errors.length} error(s), ${warnings.length} warning(s)`);
if (typesOut) {
  const ast = await openapiTS(JSON.parse(source));
  writeFileSync(typesOut, astToString(ast));
  console.log(`types: ${typesOut}`);
}
process.exit(errors.length > 0 ? 1 : 0);
