/** Saves `text` as a file through a temporary object URL and <a download> (no server round trip). */
export function downloadText(fileName: string, text: string, mimeType = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
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
