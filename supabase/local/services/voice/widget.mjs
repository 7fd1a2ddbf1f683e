// @ts-check
// The script the local voice service serves in place of ElevenLabs' widget embed script: the app
// loads it into <head> as it would the real one, and it defines <elevenlabs-convai>, a call button
// that holds a call with this service (widget-element.mjs, widget-audio.mjs). Those modules' code
// runs in the browser: the script is their functions' source, called with this service's address.
import { MICROPHONE_WORKLET, openAudio } from './widget-audio.mjs';
import { defineLocalWidget, widgetConversation, widgetView } from './widget-element.mjs';

/** Fixed at the bottom right, as the real widget; within the window from 320 px up; below dialogs and toasts. */
export const WIDGET_CSS = `
:host { display: block; }
.widget {
  position: fixed; right: 16px; bottom: 16px; z-index: 1000; max-width: calc(100vw - 32px);
  display: flex; flex-direction: column; align-items: flex-end; gap: 8px;
  font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif; color: #111827;
}
.panel, .bar { background: #fff; border: 1px solid #d1d5db; box-shadow: 0 8px 24px rgb(0 0 0 / 0.16); }
.panel { box-sizing: border-box; width: min(360px, calc(100vw - 32px)); border-radius: 12px; padding: 12px; }
.panel[hidden] { display: none; }
.transcript { max-height: min(240px, 40vh); overflow-y: auto; overflow-wrap: anywhere; }
.transcript p { margin: 0 0 8px; }
.transcript .error { color: #b91c1c; }
.message { display: flex; gap: 8px; }
.message input {
  flex: 1; min-width: 0; min-height: 40px; padding: 0 10px; font: inherit; color: inherit;
  border: 1px solid #6b7280; border-radius: 8px;
}
.bar {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 8px 12px;
  border-radius: 28px; padding: 6px 6px 6px 16px;
}
.status { min-width: 0; overflow-wrap: anywhere; }
button {
  min-height: 44px; padding: 0 18px; border: 0; border-radius: 22px; font: inherit; font-weight: 600;
  color: #fff; background: #111827; cursor: pointer;
}
.message button { min-height: 40px; border-radius: 8px; }
.call[data-active] { background: #b91c1c; }
button:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

/** The widget script for the voice service whose websockets are at `wsOrigin`. @param {string} wsOrigin */
export function widgetScript(wsOrigin) {
  const config = { wsOrigin, css: WIDGET_CSS, worklet: MICROPHONE_WORKLET };
  return `// Local stand-in for ElevenLabs' widget embed script (supabase/local/services/voice/widget.mjs).
(${String(defineLocalWidget)})(${JSON.stringify(config)}, ${String(openAudio)}, ${String(widgetView)}, ${String(widgetConversation)});
`;
}
