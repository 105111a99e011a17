/**
 * The schedules' one port to the world: every run, reminder and failure is an event
 * (docs/autopay.md#events), written in the same database transaction as what it reports, so an
 * event is never lost nor told of a run that did not commit.
 */
import type { Repository } from '../storage/repository.js';
import type { ScheduleEvent } from './payment-schedule.js';

/** Where schedule events go; `repository` is bound to the run's database transaction. */
export type ScheduleEventSink = (event: ScheduleEvent, repository: Repository) => Promise<void>;

/** The default sink: the schedule_events table, which GET …/events of a schedule reads. */
export const storeScheduleEvent: ScheduleEventSink = (event, repository) => repository.schedules.recordEvent(event);
