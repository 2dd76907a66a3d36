import { DAY_NAMES_ES, type DayOfWeek, formatWorkingHours, MESSAGES, type WorkingDay } from '@comanda/core';
import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { Modal } from '../../ui/modal.tsx';
import './working-hours-modal.css';

const WEEK = Object.keys(DAY_NAMES_ES) as DayOfWeek[];

/** One row per weekday, Monday first; hours of several entries for the same day are joined. */
export function weekOf(workingDays: WorkingDay[]): WorkingDay[] {
  return WEEK.map((dayOfWeek) => ({
    dayOfWeek,
    workingHours: workingDays.filter((day) => day.dayOfWeek === dayOfWeek).flatMap((day) => day.workingHours),
  }));
}

function scheduleDays(mode: OrderMode, type: 'NOW' | 'SCHEDULED'): WorkingDay[] {
  return mode.schedules
    .filter((schedule) => schedule.type === type)
    .flatMap((schedule) => schedule.scheduleConfigs.flatMap((config) => config.workingDays as WorkingDay[]));
}

function HoursTable({ days }: { days: WorkingDay[] }) {
  return (
    <dl className="hours-table">
      {weekOf(days).map((day) => (
        <div key={day.dayOfWeek} className="hours-table__row">
          <dt>{DAY_NAMES_ES[day.dayOfWeek]}</dt>
          <dd className={day.workingHours.length === 0 ? 'hours-table__closed' : undefined}>
            {formatWorkingHours(day)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface WorkingHoursModalProps {
  open: boolean;
  onClose: () => void;
  contact: BranchContact;
  modes: OrderMode[];
}

/** 'Informacion': the shop's hours per day, then each order mode's hours (NOW, or SCHEDULED when it has no 'now'). */
export default function WorkingHoursModal({ open, onClose, contact, modes }: WorkingHoursModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={MESSAGES.workingHoursTitle}>
      <section className="hours-section" aria-labelledby="hours-branch">
        <h3 id="hours-branch" className="hours-section__title">
          {contact.name}
        </h3>
        <HoursTable days={contact.deliveryConfig.workingDays as WorkingDay[]} />
      </section>
      {modes.map((mode) => {
        // a mode without 'now' (scheduled only) shows the hours it can be scheduled for
        const now = mode.nowEnabled ? scheduleDays(mode, 'NOW') : [];
        const scheduledOnly = now.length === 0;
        const days = scheduledOnly ? scheduleDays(mode, 'SCHEDULED') : now;
        if (days.length === 0) return null;
        const titleId = `hours-mode-${mode.id}`;
        return (
          <section key={mode.id} className="hours-section" aria-labelledby={titleId}>
            <h3 id={titleId} className="hours-section__title">
              {mode.showName}
              {scheduledOnly ? (
                <span className="hours-section__note"> · {MESSAGES.scheduleLater}</span>
              ) : null}
            </h3>
            <HoursTable days={days} />
          </section>
        );
      })}
    </Modal>
  );
}
