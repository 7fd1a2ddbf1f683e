import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import type { AgreementCopy } from './agreement-pdf';

const WARM_AFTER_MS = 1500;
const maker = () => Promise.all([import('./agreement-pdf'), import('./agreement-fonts')]);

/**
 * Fetches the PDF maker and its fonts once the dashboard is idle and online, so the service worker
 * keeps them (they are not in every install's precache) and the copy can be made offline later.
 */
export function useAgreementCopyReady(signed: boolean) {
  useEffect(() => {
    if (!signed || !navigator.onLine) return;
    // After the dashboard has drawn and its own reads have gone (WebKit has no requestIdleCallback).
    const handle = window.setTimeout(() => {
      // A warm-up: if it fails, pressing Download online fetches the same files again.
      void maker()
        .then(([, fonts]) => fonts.loadAgreementFonts())
        .catch(() => undefined);
    }, WARM_AFTER_MS);
    return () => window.clearTimeout(handle);
  }, [signed]);
}

/** Hands the browser a file to save, as a link to it would. */
function save(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes.slice().buffer], { type: 'application/pdf' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the object URL only has to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
  async function download() {
    setBusy(true);
    try {
      const [{ agreementPdf, agreementFileName }, { loadAgreementFonts }] = await maker();
      save(await agreementPdf(subscription, deadline, await loadAgreementFonts()), agreementFileName(subscription));
    } catch (error) {
      toast.error('Download Failed', `The agreement could not be made on this device: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="secondary" busy={busy} onClick={() => void download()}>
      Download agreement (PDF)
    </Button>
  );
}
