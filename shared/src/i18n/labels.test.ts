import {
  CASINO_CATEGORIES, LOGIN_ATTEMPT_REASON_LABELS, ODDS_ACCEPTANCE_TEXT, ODDS_ACCEPTANCES, RG_LIMIT_LABELS, RG_LIMIT_TYPES, ROLE_LABELS, ROLES,
  type LoginAttemptReason,
} from '../contracts/index';
import { REPORT_TYPES, paymentStatusLabel, reportTypeOptions } from '../payments/statement-filters';
import { BET_STATUS_LABELS, betStatusLabel, MARKET_STATUS_LABELS, marketStatusLabel, sideLabel } from '../sports/bet-labels';
import { PRICE_CONNECTION_TEXT, priceConnectionText } from '../sports/use-match-state';
import { setLanguage } from './i18n';
import { casinoCategoryName, loginAttemptReasonLabel, oddsAcceptanceLabel, rgLimitLabel, roleLabel } from './labels';

/**
 * The screens' lookups say in English exactly what the English tables say (the API and its CSV
 * files keep the tables), and say it in Hindi once Hindi is chosen.
 */
afterEach(() => setLanguage('en'));

const entries = <K extends string>(table: Readonly<Record<K, string>>) => Object.entries(table) as [K, string][];

it('says in English what the English tables say', () => {
  for (const role of ROLES) expect(roleLabel(role)).toBe(ROLE_LABELS[role]);
  for (const a of ODDS_ACCEPTANCES) expect(oddsAcceptanceLabel(a)).toBe(ODDS_ACCEPTANCE_TEXT[a]);
  for (const type of RG_LIMIT_TYPES) expect(rgLimitLabel(type)).toBe(RG_LIMIT_LABELS[type]);
  for (const [reason, label] of entries<LoginAttemptReason>(LOGIN_ATTEMPT_REASON_LABELS)) expect(loginAttemptReasonLabel(reason)).toBe(label);
  for (const [status, label] of entries(BET_STATUS_LABELS)) expect(betStatusLabel(status)).toBe(label);
  for (const [status, label] of entries(MARKET_STATUS_LABELS)) if (status !== 'suspended') expect(marketStatusLabel({ status, adminSuspended: false })).toBe(label);
  for (const [status, label] of entries(PRICE_CONNECTION_TEXT)) expect(priceConnectionText(status)).toBe(label);
  expect(reportTypeOptions()).toEqual(REPORT_TYPES);
  expect(['deposit', 'withdraw'].map(paymentStatusLabel)).toEqual(['Deposit', 'Withdraw']);
  for (const { id, name } of CASINO_CATEGORIES) expect(casinoCategoryName(id)).toBe(name);
  expect(casinoCategoryName(999)).toBeNull();
});

it('says them in Hindi once Hindi is chosen', async () => {
  await setLanguage('hi');
  expect(roleLabel('admin')).toBe('सुपर एडमिन');
  expect(sideLabel('BACK')).toBe('बैक');
  expect(betStatusLabel('settled')).toBe('सेटल');
  expect(marketStatusLabel({ status: 'suspended', adminSuspended: true })).toBe('एडमिन द्वारा निलंबित');
  expect(oddsAcceptanceLabel('any')).toBe('कोई भी ऑड्स स्वीकार करें');
  expect(rgLimitLabel('loss_week')).toBe('साप्ताहिक हानि सीमा');
  expect(loginAttemptReasonLabel('locked')).toBe('खाता लॉक है');
  expect(casinoCategoryName(20)).toBe('तीन पत्ती');
  expect(loginAttemptReasonLabel('something_new')).toBe('something_new');
  expect(priceConnectionText('unavailable')).toBe('लाइव भाव उपलब्ध नहीं');
  expect(paymentStatusLabel('pending')).toBe('लंबित');
  expect(reportTypeOptions().map((o) => o.label)).toEqual(['सभी', 'स्वीकृत', 'लंबित', 'अस्वीकृत']);
});
