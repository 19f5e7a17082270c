import { useEffect, useState } from 'react';
import { Dialog, Spinner, useApis, useLoad, type PaymentRequestRow } from '@backlay/shared';
import { useT } from '../../i18n';

/**
 * A deposit's screenshot. The image is served only with the bearer token, which an <img src>
 * cannot send, so it is fetched through the API client as a Blob and shown from an object URL
 * that is revoked when the dialog closes.
 */
export function ScreenshotDialog({ row, onClose }: { row: PaymentRequestRow & { screenshotUrl: string }; onClose: () => void }) {
  const { payments: paymentsApi } = useApis();
  const { load: image } = useLoad(() => paymentsApi.screenshot(row.screenshotUrl), row.screenshotUrl);
  const url = useObjectUrl(image.state === 'done' ? image.value : null);
  const t = useT();

  return (
    <Dialog title={t('screenshot.title')} onClose={onClose}>
      <p className="bl-hint">
        {row.username} · UTR {row.utrno}
      </p>
      {image.state === 'loading' ? <Spinner label={t('screenshot.loading')} /> : null}
      {image.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          {t('screenshot.failed', { message: image.message })}
        </p>
      ) : null}
      {url !== null ? <img className="bl-screenshot" src={url} alt={t('screenshot.alt', { username: row.username, utr: row.utrno ?? '' })} /> : null}
    </Dialog>
  );
}

/** An object URL of `blob` while it is shown, revoked when the blob changes or the dialog closes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (blob === null) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
