import type { ComponentProps } from 'react';
import { VoiceWidget } from '../../ui/voice-widget';
import { useVoice } from './voice-session';

/**
 * The page's embedded voice widget, which steps aside while the app's own call is live: one
 * call at a time, and the call bar at the foot of the page is not covered by the widget's button.
 */
export function PageVoiceWidget(props: ComponentProps<typeof VoiceWidget>) {
  const { phase } = useVoice();
  return <VoiceWidget {...props} hidden={phase !== 'disconnected'} />;
}
