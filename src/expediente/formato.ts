import dayjs from 'dayjs';

/** Dates of the case view, the client's and the office's alike: 'DD/MM/YYYY', '—' when there is none. */
export const formatoFecha = (v: string | null | undefined) => (v ? dayjs(v).format('DD/MM/YYYY') : '—');
export const formatoFechaHora = (v: string | null | undefined) => (v ? dayjs(v).format('DD/MM/YYYY HH:mm') : '—');
