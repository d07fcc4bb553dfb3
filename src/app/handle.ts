// What a route declares about itself in `handle`: its title (translated where shown) and who may see it.
import type { MessageDescriptor } from '@lingui/core';
import type { Access } from './guard';

export interface RouteHandle {
  title?: MessageDescriptor;
  access?: Access;
}
