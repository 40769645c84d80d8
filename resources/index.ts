import type { ResourceProps } from '@refinedev/core';

/** The registry of resources: each file of resources/ declares one; Refine gets them all from here. */
export const refineResources: ResourceProps[] = [];
