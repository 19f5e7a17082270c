import {
  TRANSACTION_REF_MAX,
  TRANSACTION_REF_MIN,
  buildUpiPaymentLink,
  encodeUpiValue,
  formatUpiAmount,
  randomTransactionRef,
} from './upi-link';
import { depositRangeFromSettings, depositRangeHint } from './deposit-range';

describe('buildUpiPaymentLink', () => {
  it('builds the upi://pay link with payee, amount, currency, reference and note, each URL-encoded', () => {
    expect(buildUpiPaymentLink({ upiId: 'backlay@okaxis', upiName: 'Backlay Payments', amountRupees: 150.5, transactionRef: 482913 })).toBe(
      'upi://pay?pa=backlay@okaxis&pn=Backlay%20Payments&am=150.50&cu=INR&tr=482913&tn=Backlay%20deposit',
    );
  });

  it.each([
    ['R&D Pay', 'R%26D%20Pay'], // & would end the parameter
    ['Asha = Rao?', 'Asha%20%3D%20Rao%3F'],
    ['Café Ñandú', 'Caf%C3%A9%20%C3%91and%C3%BA'], // UTF-8 percent-encoded
    ['a+b', 'a%2Bb'], // + would read as a space
    ['x@y', 'x@y'], // @ stays: legal in a query, and some apps do not decode %40
  ])('encodes the payee name %j as %s', (name, encoded) => {
    expect(encodeUpiValue(name)).toBe(encoded);
    expect(buildUpiPaymentLink({ upiId: 'p@upi', upiName: name, amountRupees: 1, transactionRef: 100000 })).toContain(`&pn=${encoded}&`);
  });

  it('trims the id and name as the settings may carry spaces', () => {
    expect(buildUpiPaymentLink({ upiId: ' p@upi ', upiName: ' Shop ', amountRupees: 100, transactionRef: 999999 })).toBe('upi://pay?pa=p@upi&pn=Shop&am=100.00&cu=INR&tr=999999&tn=Backlay%20deposit');
  });

  it.each([99_999, 1_000_000, 123456.5, Number.NaN])('refuses the transaction reference %p outside 100000–999999', (transactionRef) => {
    expect(() => buildUpiPaymentLink({ upiId: 'p@upi', upiName: 'Shop', amountRupees: 100, transactionRef })).toThrow(RangeError);
  });
});

describe('formatUpiAmount', () => {
  it.each([
    [100, '100.00'],
    [150.5, '150.50'],
    [0.1 + 0.2, '0.30'], // 0.30000000000000004 in binary: counted in paise
    [1234.56, '1234.56'],
    [100000, '100000.00'],
    [0.07, '0.07'],
    [99999.99, '99999.99'],
  ])('%p rupees → %s', (rupees, text) => {
    expect(formatUpiAmount(rupees)).toBe(text);
  });
});

describe('randomTransactionRef', () => {
  it('stays within 100000–999999 at both ends of Math.random', () => {
    expect(randomTransactionRef(() => 0)).toBe(TRANSACTION_REF_MIN);
    expect(randomTransactionRef(() => 0.999999999999)).toBe(TRANSACTION_REF_MAX);
    expect(randomTransactionRef(() => 0.5)).toBe(550000);
  });

  it('gives whole six-digit numbers', () => {
    for (let i = 0; i < 1000; i += 1) {
      const ref = randomTransactionRef();
      expect(Number.isInteger(ref) && ref >= TRANSACTION_REF_MIN && ref <= TRANSACTION_REF_MAX).toBe(true);
    }
  });
});

describe('depositRangeFromSettings', () => {
  it('reads deposit_min and deposit_max as the API does, falling back per key', () => {
    expect(depositRangeFromSettings(null)).toEqual({ minRupees: 100, maxRupees: 100000 });
    expect(depositRangeFromSettings([{ key: 'deposit_min', value: '500' }, { key: 'deposit_max', value: '2000' }])).toEqual({ minRupees: 500, maxRupees: 2000 });
    expect(depositRangeFromSettings([{ key: 'deposit_min', value: '500' }])).toEqual({ minRupees: 500, maxRupees: 100000 });
    expect(depositRangeFromSettings([{ key: 'deposit_max', value: '1e5' }, { key: 'maintenance', value: 'false' }])).toEqual({ minRupees: 100, maxRupees: 100000 });
  });

  it('is shown as the hint of SPEC §2', () => {
    expect(depositRangeHint({ minRupees: 100, maxRupees: 100000 })).toBe('Range: 100 - 100000');
  });
});
