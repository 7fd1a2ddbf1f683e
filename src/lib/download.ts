/** Saves `text` as a file through a temporary object URL and <a download> (no server round trip). */
export function downloadText(fileName: string, text: string, mimeType = 'application/json') {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/** Saves `blob` as a file, as downloadText. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: the download has started by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** A file-name-safe timestamp: 2026-11-22T10-30-05. */
export function fileTimestamp(date = new Date()) {
  return date.toISOString().slice(0, 19).replace(/:/g, '-');
}
