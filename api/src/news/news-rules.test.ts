import { MESSAGES } from '@backlay/shared/contracts';
import { checkNewsText } from './news-rules';

describe('checkNewsText', () => {
  it.each([
    ['  Final over madness tonight  ', { ok: true, text: 'Final over madness tonight' }],
    ['', { ok: false, message: MESSAGES.messageTextRequired }],
    ['   ', { ok: false, message: MESSAGES.messageTextRequired }],
    ['x'.repeat(500), { ok: true, text: 'x'.repeat(500) }],
    ['x'.repeat(501), { ok: false, message: MESSAGES.messageTextTooLong }],
    ['₹'.repeat(500), { ok: true, text: '₹'.repeat(500) }], // characters, not bytes
  ])('%j → %j', (text, expected) => {
    expect(checkNewsText(text)).toEqual(expected);
  });
});
