import { describe, expect, it } from 'vitest';
import { repeatInWords, seriesInWords } from './series-words';

describe('repeatInWords', () => {
  it('says how often a rule repeats, weekdays first', () => {
    expect(repeatInWords('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(repeatInWords('RRULE:FREQ=WEEKLY;BYDAY=FR,MO,WE')).toBe('Every Mon, Wed and Fri');
    expect(repeatInWords('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')).toBe('Every 2 weeks on Tue');
    expect(repeatInWords('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR')).toBe('Every 2 weeks on weekdays');
    expect(repeatInWords('FREQ=DAILY')).toBe('Every day');
    expect(repeatInWords('FREQ=WEEKLY')).toBe('Every week');
  });
});

describe('seriesInWords', () => {
  const base = {
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    startDate: '2027-02-01',
    untilDate: '2027-04-09',
    count: null,
    excludeDates: [],
    holidaysRegion: 'AU-NSW',
    schoolTerms: 'in' as const,
  };
  const date = (d: string) => d.split('-').reverse().join('/');

  it('names the range, the terms and the holidays left out', () => {
    expect(seriesInWords(base, date)).toBe(
      'Every weekday, 01/02/2027 – 09/04/2027, school days in term, New South Wales public holidays left out',
    );
  });

  it('counts dates when the series ends after a number, and the dates left out by hand', () => {
    expect(
      seriesInWords(
        {
          ...base,
          untilDate: null,
          count: 10,
          holidaysRegion: null,
          schoolTerms: null,
          excludeDates: ['2027-02-03'],
        },
        date,
      ),
    ).toBe('Every weekday, from 01/02/2027, 10 dates, 1 other date left out');
  });
});
