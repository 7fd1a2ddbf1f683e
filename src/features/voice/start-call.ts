// What starting a call needs from the server, loaded by call-target.ts when a call starts.
export { hasUserSession, refreshVoiceSession, requestSignedUrl } from './api/start-conversation';
export { startSignedIn } from './start-signed-in';
