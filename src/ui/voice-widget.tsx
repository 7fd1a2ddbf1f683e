import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import { css } from 'styled-system/css';

// ElevenLabs' embeddable widget: the script the voice provider loads into <head> defines the
// <elevenlabs-convai> element, which draws its own floating call button for the agent.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how React types a custom element
  namespace JSX {
    interface IntrinsicElements {
      'elevenlabs-convai': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'agent-id': string;
        'dynamic-variables'?: string;
      };
    }
  }
}

const styles = css({ display: 'block', minH: '0', maxW: 'full' });

/**
 * The embedded voice widget tied to one agent (docs/product/voice.md#widget). `context` tells the
 * agent what the page is about, as the widget's dynamic variable `page_context`.
 */
export function VoiceWidget({ agentId, context, hidden }: { agentId: string; context?: string; hidden?: boolean }) {
  return (
    <elevenlabs-convai
      hidden={hidden}
      agent-id={agentId}
      dynamic-variables={context ? JSON.stringify({ page_context: context }) : undefined}
      className={styles}
    />
  );
}
