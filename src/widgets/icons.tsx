import {
  Landmark,
  ArrowLeftRight,
  Building2,
  ChartPie,
  CalendarCheck,
  CircleHelp,
  Dot,
  DollarSign,
  ExternalLink,
  FileText,
  House,
  Mic,
  ReceiptText,
  Music,
  RotateCcw,
  Settings,
  Shield,
  Upload,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** The side navigation's icons, named in the route table so it stays free of components. */
export const NAV_ICONS: Readonly<Record<string, LucideIcon>> = {
  home: House,
  analytics: ChartPie,
  statements: FileText,
  periods: CalendarCheck,
  earnings: ReceiptText,
  payments: DollarSign,
  'bank-files': Landmark,
  transactions: ArrowLeftRight,
  products: Music,
  recoupments: RotateCcw,
  payees: Users,
  artists: Mic,
  external: ExternalLink,
  settings: Settings,
  account: UserCog,
  distributors: Building2,
  admin: Shield,
  wallet: Wallet,
  import: Upload,
  help: CircleHelp,
};

export const ICON_SIZE = 18;

/** A navigation entry's icon; a name the table does not know shows a plain dot. */
export function NavIcon({ name }: { name: string }) {
  const Icon = NAV_ICONS[name] ?? Dot;
  return <Icon size={ICON_SIZE} aria-hidden="true" focusable="false" />;
}
