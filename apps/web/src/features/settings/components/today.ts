import { dateInZone } from '@dms/domain';

/** The operator's calendar day now. */
export const todayIn = (timeZone: string) => dateInZone(new Date(), timeZone);
