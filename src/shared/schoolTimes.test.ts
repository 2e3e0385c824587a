import { afterEach, describe, expect, it } from 'vitest';
import { formatSchoolDay, formatSchoolTime, schoolInstant } from './schoolTimes';

describe('the school’s days and times, whatever zone the device is set to', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Asia/Kolkata'])(
    'reads Sat 5 Dec, 10:00 AM on a device in %s',
    (deviceZone) => {
      // Node reads TZ again when it changes, as a browser set to another zone would.
      process.env.TZ = deviceZone;
      expect(formatSchoolDay('2026-12-05')).toBe('Sat 5 Dec');
      expect(formatSchoolTime(schoolInstant('2026-12-05', '10:00'))).toBe('Sat 5 Dec, 10:00 AM');
    },
  );
});
