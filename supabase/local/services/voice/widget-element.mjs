// @ts-check
// The local <elevenlabs-convai>, in the browser (widget.mjs serves these functions' source, so each
// uses nothing from outside it but its arguments). As ElevenLabs' widget does: a floating bar with
// a call button; pressed, the microphone, then a conversation for the element's `agent-id` over the
// voice service's websocket, told the element's `dynamic-variables`; the agent's audio played, the
// microphone streamed, the status shown, typed messages sent, and an End call button. What the
// agent and the user say is shown as text too.

/**
 * What the voice service sends (conversation.mjs), as far as the widget reads it.
 * @typedef {{ type?: string, agent_response_event?: { agent_response?: string },
 *   user_transcription_event?: { user_transcript?: string }, audio_event?: { audio_base_64?: string },
 *   ping_event?: { event_id?: number }, error_event?: { message?: string } }} ServerMessage
 */

/**
 * The element's face: a bar with the status and the call button, and, while connected, a panel
 * with the transcript and a message box. No call in it: the classes over it hold that.
 * @param {string} css
 */
export function widgetView(css) {
  const STATUS = {
    idle: 'Need help?',
    connecting: 'Connecting…',
    listening: 'Connected: listening',
    speaking: 'Connected: agent speaking',
  };

  return class LocalWidgetView extends HTMLElement {
    /** @type {keyof typeof STATUS} */
    state = 'idle';

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = `<style>${css}</style>
        <div class="widget">
          <div class="panel" hidden>
            <div class="transcript" role="log" aria-label="Transcript"></div>
            <form class="message">
              <input name="text" aria-label="Text message input" placeholder="Send a message" autocomplete="off" maxlength="2000" />
              <button type="submit">Send</button>
            </form>
          </div>
          <div class="bar">
            <span class="status" role="status"></span>
            <button type="button" class="call"></button>
          </div>
        </div>`;
      const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
      this.panel = $('.panel');
      this.transcript = $('.transcript');
      this.status = $('.status');
      this.callButton = $('.call');
      this.form = /** @type {HTMLFormElement} */ ($('form'));
      this.show('idle');
    }

    connected() {
      return this.state === 'listening' || this.state === 'speaking';
    }

    /** @param {keyof typeof STATUS} state @param {string} [notice] what ended the last call */
    show(state, notice) {
      this.state = state;
      this.status.textContent = notice ?? STATUS[state];
      this.callButton.textContent = state === 'idle' ? 'Start a call' : 'End call';
      this.callButton.toggleAttribute('data-active', state !== 'idle');
      this.panel.hidden = !this.connected();
    }

    /** @param {'Agent' | 'You' | 'Error'} who @param {string} text */
    say(who, text) {
      const line = document.createElement('p');
      line.className = who.toLowerCase();
      const name = document.createElement('strong');
      name.textContent = `${who}: `;
      line.append(name, text);
      this.transcript.append(line);
      this.transcript.scrollTop = this.transcript.scrollHeight;
    }
  };
}

/**
 * The conversation over the voice service's websocket, once the microphone is open: the
 * initiation with the element's `dynamic-variables`, what the service sends, and the end of it.
 * @param {ReturnType<typeof widgetView>} View @param {string} wsOrigin
 */
export function widgetConversation(View, wsOrigin) {
  return class LocalWidgetConversation extends View {
    /** @type {WebSocket | null} */
    socket = null;
    /** @type {Awaited<ReturnType<typeof import('./widget-audio.mjs').openAudio>> | null} */
    audio = null;

    /** @param {unknown} message */
    send(message) {
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    }

    /** The element's `dynamic-variables`, a JSON object, as the conversation's. */
    dynamicVariables() {
      try {
        const parsed = /** @type {unknown} */ (JSON.parse(this.getAttribute('dynamic-variables') ?? '{}'));
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
      } catch {
        return {};
      }
    }

    /** Opens the conversation for the element's `agent-id`. */
    connect() {
      const agentId = this.getAttribute('agent-id') ?? '';
      const url = `${wsOrigin}/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}&source=widget&version=local`;
      const socket = new WebSocket(url, ['convai']);
      this.socket = socket;
      socket.onopen = () =>
        this.send({ type: 'conversation_initiation_client_data', dynamic_variables: this.dynamicVariables() });
      socket.onmessage = (event) => {
        if (this.socket === socket) this.receive(String(event.data));
      };
      socket.onclose = (event) => {
        if (this.socket !== socket) return;
        const notice = this.connected()
          ? 'The agent ended the conversation'
          : `Could not connect: ${event.reason || `closed (${event.code})`}`;
        this.stop(notice);
      };
    }

    /** One message from the service. @param {string} data */
    receive(data) {
      const parsed = /** @type {unknown} */ (JSON.parse(data));
      const message = /** @type {ServerMessage} */ (parsed);
      switch (message.type) {
        case 'conversation_initiation_metadata':
          return this.show('listening');
        case 'agent_response':
          return this.say('Agent', message.agent_response_event?.agent_response ?? '');
        case 'user_transcript':
          return this.say('You', message.user_transcription_event?.user_transcript ?? '');
        case 'audio':
          return this.audio?.play(message.audio_event?.audio_base_64 ?? '');
        case 'interruption':
          return this.audio?.stop();
        case 'ping':
          return this.send({ type: 'pong', event_id: message.ping_event?.event_id });
        case 'error':
          return this.say('Error', message.error_event?.message ?? 'An error occurred');
      }
    }

    /** @param {string} notice */
    stop(notice) {
      this.socket = null;
      this.audio?.close();
      this.audio = null;
      this.show('idle', notice);
    }
  };
}

/**
 * Defines <elevenlabs-convai>: the call button and the message box over the view and the
 * conversation (passed in, as this runs in the browser from the functions' source).
 * @param {{ wsOrigin: string, css: string, worklet: string }} config
 * @param {typeof import('./widget-audio.mjs').openAudio} openAudio
 * @param {typeof widgetView} view @param {typeof widgetConversation} conversation
 */
export function defineLocalWidget({ wsOrigin, css, worklet }, openAudio, view, conversation) {
  if (typeof customElements === 'undefined' || customElements.get('elevenlabs-convai')) return;

  class LocalConvaiWidget extends conversation(view(css), wsOrigin) {
    /** Which call this is: a call ended while its microphone was asked for is not connected after. */
    attempt = 0;

    constructor() {
      super();
      this.callButton.addEventListener('click', () => (this.state === 'idle' ? void this.start() : this.end()));
      this.form.addEventListener('submit', (event) => {
        event.preventDefault();
        const input = /** @type {HTMLInputElement} */ (this.form.elements.namedItem('text'));
        const text = input.value.trim();
        if (!text || !this.connected()) return;
        this.send({ type: 'user_message', text });
        this.say('You', text);
        input.value = '';
      });
    }

    disconnectedCallback() {
      if (this.state !== 'idle') this.end();
    }

    async start() {
      const attempt = ++this.attempt;
      this.transcript.replaceChildren();
      this.show('connecting');
      // The microphone first, as the real widget asks for it before it connects.
      let audio;
      try {
        audio = await openAudio(
          worklet,
          (chunk) => {
            if (this.connected()) this.send({ user_audio_chunk: chunk });
          },
          (speaking) => {
            if (this.connected() && attempt === this.attempt) this.show(speaking ? 'speaking' : 'listening');
          },
        );
      } catch (error) {
        if (attempt === this.attempt) this.show('idle', `Microphone unavailable: ${String(error)}`);
        return;
      }
      if (attempt !== this.attempt) return audio.close();
      this.audio = audio;
      this.connect();
    }

    /** Ends the call by the user's hand. */
    end() {
      this.attempt++;
      this.socket?.close(1000, 'User ended conversation');
      this.stop('You ended the conversation');
    }
  }

  customElements.define('elevenlabs-convai', LocalConvaiWidget);
}
