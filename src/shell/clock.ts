import dayjs from 'dayjs';
import 'dayjs/locale/es';

/** The header's date and time in Spanish, e.g. 'sábado, 21 de noviembre, 14:05 h'. */
export function formatHeaderDate(date: Date): string {
  return dayjs(date).locale('es').format('dddd, D [de] MMMM, HH:mm [h]');
}
