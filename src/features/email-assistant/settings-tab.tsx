import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { UserDatabase } from '../../data/database';
import { watchWaiting, type Waiting } from '../../data/on-device';
import { useUserDataError } from '../../data/user-data';
import { Card } from '../../ui/card';
import { LoadingStatus } from '../../ui/loading-status';
import { useAutoReplySettings } from './api/read-auto-reply-settings';
import { KeptNote } from '../../ui/kept-note';
import { SettingsForm } from './settings-form';
import type { SettingsChange } from './settings-outbox';

const styles = {
  card: css({ display: 'grid', gap: '4' }),
  heading: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  intro: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/**
 * The change kept on this device for the auto-reply settings, live; undefined until the device's
 * database has said. The form starts from it, so it waits for the database while that opens (it
 * opens after the page's first render): shown before, it would be drawn again once the database
 * said, losing what was typed meanwhile. A browser that refuses storage keeps nothing waiting.
 */
function useWaitingSettings(db: UserDatabase | null): Waiting<SettingsChange> | null | undefined {
  const storageRefused = useUserDataError() !== null;
  const [waiting, setWaiting] = useState<Waiting<SettingsChange> | null | undefined>(undefined);
  useEffect(() => {
    if (!db) return;
    return watchWaiting<SettingsChange>(db, 'auto_reply_settings', setWaiting);
  }, [db]);
  if (db) return waiting;
  return storageRefused ? null : undefined;
}

/** The Settings tab: the auto-reply's switch, template, demo link and a live preview. */
export function SettingsTab({ db, userId, online }: { db: UserDatabase | null; userId: string; online: boolean }) {
  const settings = useAutoReplySettings(db, userId);
  const waiting = useWaitingSettings(db);
  // The form starts from the server's settings when they can be had: online, the copy kept on the
  // device is only a stand-in while they load. Once shown, the form stays (a reconnection or a
  // newer answer never takes the user's input away; a save is checked against what it started from).
  const [shown, setShown] = useState(false);
  const ready =
    shown ||
    (settings.data !== undefined && waiting !== undefined && (!online || !settings.loading || !settings.fromDevice));
  if (ready && !shown) setShown(true);
  if (!ready || settings.data === undefined || waiting === undefined) {
    if (settings.loading || waiting === undefined) return <LoadingStatus>Loading settings...</LoadingStatus>;
    return (
      <Card role="alert">
        {online
          ? 'Failed to fetch auto-reply settings'
          : 'You are offline. Your auto-reply settings show here once they have been loaded.'}
      </Card>
    );
  }
  return (
    <Card className={styles.card}>
      <div>
        <h2 className={styles.heading}>Auto-reply</h2>
        <p className={styles.intro}>Chloe answers new emails in your connected inbox once per conversation.</p>
      </div>
      <KeptNote query={settings} online={online} what="settings" />
      <SettingsForm db={db} base={settings.data} waiting={waiting} />
    </Card>
  );
}
