import { CSV_BOM, csvChunks, csvField, csvFileName, csvRecord, inBatches, type CsvColumn } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['line\nfeed', '"line\nfeed"'],
    ['', ''],
    ['₹ Café', '₹ Café'],
  ])('quotes %j as RFC 4180 does → %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+91 98765', "'+91 98765"],
    ['-5 wickets', "'-5 wickets"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('neutralises text a spreadsheet would run as a formula: %j → %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it('writes amounts in the Indian grouping, exact to the paisa, negatives as numbers (no prefix)', () => {
    expect(csvField({ paise: 12_345_678n })).toBe('"1,23,456.78"');
    expect(csvField({ paise: -12_345_678n })).toBe('"-1,23,456.78"');
    expect(csvField({ paise: -5n })).toBe('-0.05');
    expect(csvField({ paise: 0n })).toBe('0.00');
    // Past 2^53 paise, where a JavaScript number would already have rounded.
    expect(2 ** 53 + 1).toBe(2 ** 53);
    expect(csvField({ paise: 9_007_199_254_740_993n })).toBe('"9,00,71,99,25,47,409.93"');
    expect(csvField({ paise: -(10n ** 22n) - 1n })).toBe('"-10,00,00,00,00,00,00,00,00,000.01"');
  });

  it('writes moments in India Standard Time in the screens\' pattern, and counts and blanks as they are', () => {
    expect(csvField({ at: new Date('2026-11-28T18:30:05Z') })).toBe('29/11/2026 12:00:05 AM');
    expect(csvField({ at: new Date('2026-03-01T04:30:00Z') })).toBe('01/03/2026 10:00:00 AM');
    expect(csvField(42)).toBe('42');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });
});

describe('csvChunks', () => {
  const columns: CsvColumn<{ name: string; minor: bigint }>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'Amount (₹)', value: (r) => ({ paise: r.minor }) },
  ];
  async function* batches() {
    yield [{ name: 'a', minor: 100n }];
    yield [];
    yield [
      { name: '=cmd', minor: -12_345_678n },
      { name: 'x,y', minor: 1n },
    ];
  }

  it('starts with the UTF-8 BOM and the header row, then one CRLF record per row, batch by batch', async () => {
    const chunks: string[] = [];
    for await (const chunk of csvChunks(columns, batches())) chunks.push(chunk);
    expect(chunks).toEqual([`${CSV_BOM}Name,Amount (₹)\r\n`, 'a,1.00\r\n', `'=cmd,"-1,23,456.78"\r\n"x,y",0.01\r\n`]);
    expect(Buffer.from(chunks.join(''), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('a file with no rows is the BOM and the header', async () => {
    const chunks: string[] = [];
    for await (const chunk of csvChunks(columns, (async function* () {})())) chunks.push(chunk);
    expect(chunks.join('')).toBe(`${CSV_BOM}Name,Amount (₹)\r\n`);
    expect(csvRecord(['a', null, 3])).toBe('a,,3\r\n');
  });
});

describe('inBatches', () => {
  it('reads pages until a short one, never past it', async () => {
    const data = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const pages: number[][] = [];
    for await (const page of inBatches(async ({ limit, offset }) => (asked.push(offset), data.slice(offset, offset + limit)), 3)) pages.push([...page]);
    expect(pages).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([0, 3, 6]);
  });
});

describe('csvFileName', () => {
  it('joins its parts with _ and keeps only safe characters (no quote or path can reach the header)', () => {
    expect(csvFileName(['account-statement', 'demo.user', '2026-11-01', '2026-11-29'])).toBe('account-statement_demo.user_2026-11-01_2026-11-29.csv');
    expect(csvFileName(['x', 'a"b/../c\r\n'])).toBe('x_a-b-..-c-.csv');
  });
});
