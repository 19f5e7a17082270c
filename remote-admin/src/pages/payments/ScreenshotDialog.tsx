import { useEffect, useState } from 'react';
import { Dialog, Spinner, useApis, type PaymentRequestRow } from '@backlay/shared';

type Image = { state: 'loading' } | { state: 'done'; url: string } | { state: 'fail'; message: string };

/**
 * A deposit's screenshot. The image is served only with the bearer token, which an <img src>
 * cannot send, so it is fetched through the API client as a Blob and shown from an object URL
 * that is revoked when the dialog closes.
 */
export function ScreenshotDialog({ row, onClose }: { row: PaymentRequestRow & { screenshotUrl: string }; onClose: () => void }) {
  const { payments: paymentsApi } = useApis();
  const [image, setImage] = useState<Image>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    paymentsApi.screenshot(row.screenshotUrl).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setImage({ state: 'done', url });
      },
      (error: Error) => live && setImage({ state: 'fail', message: error.message }),
    );
    return () => {
      live = false;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [paymentsApi, row.screenshotUrl]);

  return (
    <Dialog title="Deposit screenshot" onClose={onClose}>
      <p className="bl-hint">
        {row.username} · UTR {row.utrno}
      </p>
      {image.state === 'loading' ? <Spinner label="Loading screenshot" /> : null}
      {image.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          The screenshot could not be loaded: {image.message}
        </p>
      ) : null}
      {image.state === 'done' ? <img className="bl-screenshot" src={image.url} alt={`Payment screenshot of ${row.username}, UTR ${row.utrno}`} /> : null}
    </Dialog>
  );
}
