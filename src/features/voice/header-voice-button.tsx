import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { Button, spinner } from '../../ui/button';
import { MicIcon } from './mic-icon';
import { voiceButtonLabel } from './voice-rules';
import { useVoice } from './voice-session';

/** The header's voice-chat button: the same call as the page's; on phones only its icon shows. */
export function HeaderVoiceButton() {
  const voice = useVoice();
  const { phase, mode, persona, busy, registerControl } = voice;
  useEffect(registerControl, [registerControl]);
  return (
    <Button
      variant={phase === 'connected' ? 'destructive' : 'secondary'}
      size="sm"
      aria-busy={busy || undefined}
      // 'Connecting...' stays pressable: it cancels the start.
      disabled={voice.blocked}
      title={voice.offlineMessage ?? undefined}
      onClick={voice.toggle}
      onPointerEnter={voice.prepare}
      onFocus={voice.prepare}
      onTouchStart={voice.prepare}
    >
      {busy ? <span aria-hidden="true" className={spinner} /> : <MicIcon size={16} />}
      <span className={css({ srOnly: { base: true, md: false } })}>{voiceButtonLabel(phase, mode, persona.name)}</span>
    </Button>
  );
}
