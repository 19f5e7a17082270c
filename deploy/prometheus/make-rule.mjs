#!/usr/bin/env node
/**
 * Writes deploy/k8s/alerts.yaml, the Prometheus Operator's PrometheusRule, from
 * deploy/prometheus/alerts.yaml (the one home of the rules): `node deploy/prometheus/make-rule.mjs`.
 * The deploy test fails when the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { parse, stringify } = createRequire(join(here, '..', '..', 'api', 'package.json'))('yaml');
const rules = parse(readFileSync(join(here, 'alerts.yaml'), 'utf8'));
const rule = {
  apiVersion: 'monitoring.coreos.com/v1',
  kind: 'PrometheusRule',
  metadata: { name: 'backlay-alerts', namespace: 'backlay', labels: { 'app.kubernetes.io/part-of': 'backlay', role: 'alert-rules' } },
  spec: { groups: rules.groups },
};
const header = '# Generated from deploy/prometheus/alerts.yaml by deploy/prometheus/make-rule.mjs: edit that file, then run\n# `node deploy/prometheus/make-rule.mjs`. The Prometheus Operator loads it (its ruleSelector: role=alert-rules).\n';
writeFileSync(join(here, '..', 'k8s', 'alerts.yaml'), header + stringify(rule, { lineWidth: 0 }));
