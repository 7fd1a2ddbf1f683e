import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import type { AgreementCopy } from './agreement-pdf';

const WARM_AFTER_MS = 1500;
const maker = () => Promise.all([import('./agreement-pdf'), import('./agreement-fonts')]);

// Once a page has fetched the maker and its fonts, the service worker keeps them: once is enough.
let warmed: Promise<unknown> | null = null;
function warm() {
  warmed ??= maker()
    .then(([, fonts]) => fonts.loadAgreementFonts())
    .catch(() => {
      warmed = null; // tried again on the next 'online', or the next dashboard
    });
}

/**
 * Fetches the PDF maker and its fonts while the dashboard is open online, so the service worker
 * keeps them (they are not in every install's precache) and the copy can be made offline later.
 */
export function useAgreementCopyReady(signed: boolean) {
  useEffect(() => {
    if (!signed) return;
    // After the dashboard has drawn and its own reads have gone (WebKit has no requestIdleCallback).
    const handle = navigator.onLine ? window.setTimeout(warm, WARM_AFTER_MS) : undefined;
    window.addEventListener('online', warm);
    return () => {
      window.clearTimeout(handle);
      window.removeEventListener('online', warm);
    };
  }, [signed]);
}

/**
 * 'Download agreement (PDF)': the signed agreement made on this device from the synced row, so
 * it works offline. The PDF library and fonts load on the first press, not with the dashboard.
 */
export function DownloadAgreement({
  subscription,
  deadline,
}: {
  subscription: AgreementCopy;
  deadline: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const making = useRef(false);
  async function download() {
    if (making.current) return;
    making.current = true;
    setBusy(true);
    try {
      const [{ agreementPdf, agreementFileName }, { loadAgreementFonts }] = await maker();
      const bytes = await agreementPdf(subscription, deadline, await loadAgreementFonts());
      downloadBlob(agreementFileName(subscription), new Blob([bytes.slice().buffer], { type: 'application/pdf' }));
    } catch (error) {
      toast.error('Download Failed', `The agreement could not be made on this device: ${errorMessage(error)}`);
    } finally {
      making.current = false;
      setBusy(false);
    }
  }
  // Not disabled while the copy is made: the focus stays on the button (in the dialog, too).
  return (
    <Button type="button" variant="secondary" aria-busy={busy || undefined} onClick={() => void download()}>
      Download agreement (PDF)
    </Button>
  );
}
