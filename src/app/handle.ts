// What a route declares about itself in `handle`: its title (translated where shown) and who may see it.
import type { MessageDescriptor } from '@lingui/core';
import { createContext, useContext } from 'react';
import type { Access } from './guard';

export interface RouteHandle {
  title?: MessageDescriptor;
  access?: Access;
}

/** The current route's handles, merged from the root to the deepest match (routes.tsx AppRoutes provides it). */
export const RouteHandleContext = createContext<RouteHandle>({});

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}
