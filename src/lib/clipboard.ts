import { toast } from './toast';

/** Copies `text` and says so: 'Copied!', or how to do it by hand (docs/product/messages.md#copy). */
export async function copyToClipboard(item: string, text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied!', `${item} copied to clipboard.`);
    return true;
  } catch {
    toast.error('Copy failed', 'Please copy the details manually');
    return false;
  }
}
