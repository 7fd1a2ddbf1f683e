/** The app under test: the engines project's global set-up builds it and serves it here. */
export const base = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the engines project starts the app in its global setup');
  return url;
};
