/** The text of a news line: trimmed, 1–500 characters. Pure. */
import { MESSAGES, NEWS_TEXT_MAX_LENGTH } from '@backlay/shared/contracts';

export function checkNewsText(text: string): { ok: true; text: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, message: MESSAGES.messageTextRequired };
  if ([...trimmed].length > NEWS_TEXT_MAX_LENGTH) return { ok: false, message: MESSAGES.messageTextTooLong };
  return { ok: true, text: trimmed };
}
