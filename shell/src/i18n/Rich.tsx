import { Fragment, type ReactNode } from 'react';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A message with marked-up words: the catalog writes `<0>on</0>` where the English had
 * `<strong>on</strong>`, so each language places the markup around its own words; `tags[i]` wraps
 * the words of `<i>`. Text outside the tags is shown as it is.
 */
export function Rich({ text, tags }: { text: string; tags: readonly ((children: string) => ReactNode)[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const wrap = tags[Number(match[1])];
    parts.push(wrap ? wrap(match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
