// The drawer menu of spec §2, in the spec's order. Help layout drops its own entry ("one fewer").
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  Activity,
  Antenna,
  BellRing,
  CircleHelp,
  CloudSun,
  CreditCard,
  Download,
  LayoutDashboard,
  LayoutGrid,
  LogIn,
  LogOut,
  type LucideIcon,
  MessagesSquare,
  RadioTower,
  Receipt,
  Ruler,
  Server,
  Share2,
  Upload,
  UserRound,
  Users,
} from 'lucide-react';

export interface MenuEntry {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

export const SIGNED_IN_MENU: MenuEntry[] = [
  { to: '/dashboard', label: msg`Dashboard`, icon: LayoutDashboard },
  // Every station at a glance (issue 22).
  { to: '/stations', label: msg`All stations`, icon: LayoutGrid },
  { to: '/account', label: msg`Account`, icon: UserRound },
  { to: '/devices', label: msg`Edit Devices`, icon: RadioTower },
  // Invitations to see other people's stations, and the stations shared with the user (issue #10).
  { to: '/shares', label: msg`Shared with me`, icon: Share2 },
  { to: '/displaySetting', label: msg`Unit & Display`, icon: Ruler },
  { to: '/alert', label: msg`Alert Setting`, icon: BellRing },
  { to: '/server', label: msg`Weather Server`, icon: Server },
  { to: '/export', label: msg`Data Export`, icon: Download },
  // Monthly and yearly climate summaries, degree days, ET₀ (issue 26).
  { to: '/climate', label: msg`Climate`, icon: CloudSun },
  { to: '/import', label: msg`Import history`, icon: Upload },
  { to: '/help', label: msg`Help`, icon: CircleHelp },
  { to: '/faq', label: msg`FAQ`, icon: MessagesSquare },
  { to: '/logout', label: msg`Log Out`, icon: LogOut },
];

/** The admin area (issue #15), for admins and editors, before Help. */
export const ADMIN_MENU: MenuEntry[] = [
  { to: '/admin/users', label: msg`Users`, icon: Users },
  { to: '/admin/devices', label: msg`Stations`, icon: Antenna },
  { to: '/admin/plans', label: msg`Subscription plans`, icon: CreditCard },
  { to: '/admin/orders', label: msg`Orders`, icon: Receipt },
  { to: '/admin/ingest', label: msg`Ingest health`, icon: Activity },
];

export const SIGNED_OUT_MENU: MenuEntry[] = [
  { to: '/help', label: msg`Help`, icon: CircleHelp },
  { to: '/login', label: msg`Log in`, icon: LogIn },
];

export function menuFor(signedIn: boolean, layout: 'default' | 'help', admin = false): MenuEntry[] {
  let menu = signedIn ? SIGNED_IN_MENU : SIGNED_OUT_MENU;
  if (signedIn && admin) {
    const at = menu.findIndex((e) => e.to === '/help');
    menu = [...menu.slice(0, at), ...ADMIN_MENU, ...menu.slice(at)];
  }
  return layout === 'help' && signedIn ? menu.filter((e) => e.to !== '/help') : menu;
}
