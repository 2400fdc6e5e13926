import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as notifications from './notifications.queries';

const { afm, id } = sample;

export const samples = sqlSamples(notifications, {
  listNotificationsOf: (db) => notifications.listNotificationsOf(db, afm),
  markNotificationRead: (db) => notifications.markNotificationRead(db, afm, id),
});
