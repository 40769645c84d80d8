import { z } from 'zod';

/**
 * Schemas many endpoints share. A path id is any text: a malformed one answers 404 like an
 * unknown record (the services look it up), so ids cannot be told apart by their answers.
 */
export const idParams = z.object({ id: z.string() });

/** One page of a list: its rows and how many there are in all. */
export const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number() });

/** A list that answers a page when asked for one (?page), else the rows themselves. */
export const listOrPage = <T extends z.ZodType>(row: T) => z.union([page(row), z.array(row)]);
