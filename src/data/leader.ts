/**
 * RxDB's leader election of one database: the tabs of a browser are one device, and only the
 * leading tab replicates, listens live and sends a push as its page goes.
 */
export const leaderOf = (db: { waitForLeadership(): Promise<unknown>; leaderElector(): { isLeader: boolean } }) => ({
  wait: () => db.waitForLeadership(),
  leading: () => db.leaderElector().isLeader,
});
