// @ts-check
// The widget script's stand-in: the app loads it into <head> as it would ElevenLabs' embed script.
export const WIDGET_SCRIPT = `// Local stand-in for the ElevenLabs widget embed script: defines <elevenlabs-convai>, shows nothing.
(function () {
  if (typeof customElements === 'undefined' || customElements.get('elevenlabs-convai')) return;
  class LocalConvaiWidget extends HTMLElement {
    connectedCallback() {
      this.setAttribute('data-local-stand-in', '');
    }
  }
  customElements.define('elevenlabs-convai', LocalConvaiWidget);
})();
`;
