import { formatInr, rupeesToPaise } from './money';

/**
 * The plan catalogue: the single source of truth for what we sell and at what price.
 * The browser renders it; the server prices orders from it (never from the browser's numbers).
 */

export type CategoryId = 'manufacturing' | 'website' | 'learning' | 'gym' | 'automation';

export interface MediaSlide {
  src: string;
  alt: string;
}

export interface Plan {
  name: string;
  /** What an order of this plan pays. */
  oneTimePaise: number;
  /** null when the plan has no yearly fee. */
  yearlyPaise: number | null;
  /** The one-time price as text ('₹1,10,000'), derived from oneTimePaise: what a cart item stores. */
  price: string;
  description?: string;
  /** Limits such as machines or control points. */
  note?: string;
  features: string[];
}

export interface Category {
  id: CategoryId;
  name: string;
  tagline: string;
  media: MediaSlide[];
  plans: [Plan, Plan, Plan];
}

/** The spec's price table is in rupees; in code every amount is paise. */
const rupees = rupeesToPaise;

type PlanData = Omit<Plan, 'price'>;
type CategoryData = Omit<Category, 'plans'> & { plans: [PlanData, PlanData, PlanData] };

const CATEGORY_DATA: CategoryData[] = [
  {
    id: 'manufacturing',
    name: 'Factory Management',
    tagline: 'Run your shop floor from one screen: machines, jobs, stock and people, live.',
    media: [
      { src: '/images/factory-1.svg', alt: 'Production dashboard showing machine utilisation' },
      { src: '/images/factory-2.svg', alt: 'Work orders moving across production stages' },
      { src: '/images/factory-3.svg', alt: 'Predictive maintenance alerts for a machine' },
    ],
    plans: [
      {
        name: 'Starter',
        oneTimePaise: rupees(1_10_000),
        yearlyPaise: rupees(25_000),
        description: 'For small units going digital for the first time.',
        features: [
          'Production orders and job cards',
          'Raw material and finished goods inventory',
          'Daily production reports',
          'Up to 10 staff logins',
        ],
      },
      {
        name: 'Growth',
        oneTimePaise: rupees(2_80_000),
        yearlyPaise: rupees(50_000),
        description: 'Machine-connected monitoring for growing factories.',
        note: 'Up to 5 machines included; ₹30,000 per extra machine',
        features: [
          'Everything in Starter',
          'Live machine status and OEE',
          'Shift and operator tracking',
          'Quality checks with photo evidence',
        ],
      },
      {
        name: 'Premium AI',
        oneTimePaise: rupees(8_00_000),
        yearlyPaise: rupees(1_00_000),
        description: 'AI forecasting and predictive maintenance across the plant.',
        note: 'Up to 20 machines included; ₹30,000 per extra machine',
        features: [
          'Everything in Growth',
          'Predictive maintenance alerts',
          'Demand and material forecasting',
          'Management dashboards on mobile',
        ],
      },
    ],
  },
  {
    id: 'website',
    name: 'Websites & E-commerce',
    tagline: 'Fast, search-friendly websites and online stores that turn visitors into customers.',
    media: [{ src: '/images/website-1.svg', alt: 'A responsive online store on laptop and phone' }],
    plans: [
      {
        name: 'Basic',
        oneTimePaise: rupees(20_000),
        yearlyPaise: rupees(2_000),
        description: 'A polished presence for a small business.',
        features: ['Up to 5 pages', 'Mobile-first design', 'Contact form and map', 'Hosting setup and SSL'],
      },
      {
        name: 'Business',
        oneTimePaise: rupees(40_000),
        yearlyPaise: rupees(2_000),
        description: 'A content-managed site you can update yourself.',
        features: ['Up to 15 pages', 'Content management', 'Blog and SEO setup', 'Analytics dashboard'],
      },
      {
        name: 'Premium',
        oneTimePaise: rupees(60_000),
        yearlyPaise: rupees(10_000),
        description: 'A full online store with payments.',
        features: ['Product catalogue and cart', 'Online payments (UPI, cards)', 'Order management', 'GST invoices'],
      },
    ],
  },
  {
    id: 'learning',
    name: 'Learning Apps',
    tagline: 'Courses, live classes and assessments in your own branded learning app.',
    media: [
      { src: '/images/learning-1.svg', alt: 'A course page with video lessons' },
      { src: '/images/learning-2.svg', alt: 'A quiz with instant results' },
    ],
    plans: [
      {
        name: 'Starter',
        oneTimePaise: rupees(1_40_000),
        yearlyPaise: rupees(25_000),
        description: 'Recorded courses for coaching centres.',
        features: ['Web and Android app', 'Video lessons and notes', 'Student logins', 'Fee collection'],
      },
      {
        name: 'Growth',
        oneTimePaise: rupees(2_40_000),
        yearlyPaise: rupees(35_000),
        description: 'Live classes and tests for growing institutes.',
        features: ['Everything in Starter', 'Live classes', 'Tests and rank lists', 'Parent updates'],
      },
      {
        name: 'Premium AI',
        oneTimePaise: rupees(3_60_000),
        yearlyPaise: rupees(55_000),
        description: 'Personalised learning paths powered by AI.',
        features: ['Everything in Growth', 'AI doubt solving', 'Adaptive practice', 'iOS app'],
      },
    ],
  },
  {
    id: 'gym',
    name: 'Gym & Fitness',
    tagline: 'Memberships, trainers and workouts in one platform your members will love.',
    media: [{ src: '/images/gym-1.svg', alt: 'A gym member app with workout plans' }],
    plans: [
      {
        name: 'Digital Gym Companion',
        oneTimePaise: rupees(2_00_000),
        yearlyPaise: rupees(25_000),
        description: 'A branded member app.',
        features: ['Member app', 'Workout and diet plans', 'Class booking', 'Push notifications'],
      },
      {
        name: 'Smart Gym Management',
        oneTimePaise: rupees(3_25_000),
        yearlyPaise: rupees(50_000),
        description: 'Run the whole gym: members, billing and staff.',
        features: ['Everything in Companion', 'Membership billing', 'Attendance with QR', 'Trainer scheduling'],
      },
      {
        name: 'AI Full Suite',
        oneTimePaise: rupees(4_75_000),
        yearlyPaise: rupees(75_000),
        description: 'AI coaching and multi-branch analytics.',
        features: ['Everything in Smart', 'AI workout coach', 'Multi-branch reports', 'Churn prediction'],
      },
    ],
  },
  {
    id: 'automation',
    name: 'Home Automation',
    tagline: 'Lights, climate and security you control from your phone or by voice.',
    media: [
      { src: '/images/automation-1.svg', alt: 'A phone controlling lights in a living room' },
      { src: '/images/automation-2.svg', alt: 'Scenes and schedules for a smart home' },
    ],
    plans: [
      {
        name: 'Basic',
        oneTimePaise: rupees(75_000),
        yearlyPaise: null,
        description: 'Smart lighting and fans for an apartment.',
        note: 'Up to 12 control points',
        features: ['App and voice control', 'Schedules', 'Energy usage view', 'Installation included'],
      },
      {
        name: 'Standard',
        oneTimePaise: rupees(1_60_000),
        yearlyPaise: null,
        description: 'Whole-home control with scenes.',
        note: 'Up to 24 control points',
        features: ['Everything in Basic', 'Scenes and automations', 'Curtain and AC control', 'Door sensors'],
      },
      {
        name: 'Premium',
        oneTimePaise: rupees(2_75_000),
        yearlyPaise: rupees(50_000),
        description: 'Security, cameras and remote monitoring.',
        note: 'Up to 48 control points',
        features: ['Everything in Standard', 'Cameras and video doorbell', 'Intrusion alerts', 'Annual maintenance'],
      },
    ],
  },
];

export const CATEGORIES: Category[] = CATEGORY_DATA.map((category) => ({
  ...category,
  plans: category.plans.map((plan) => ({ ...plan, price: formatInr(plan.oneTimePaise) })) as Category['plans'],
}));

/** Cart and order items are identified as `categoryId-planName`. */
export function planItemId(categoryId: CategoryId, planName: string): string {
  return `${categoryId}-${planName}`;
}

export interface CatalogueEntry {
  id: string;
  category: Category;
  plan: Plan;
}

const entries = new Map<string, CatalogueEntry>(
  CATEGORIES.flatMap((category) =>
    category.plans.map((plan): [string, CatalogueEntry] => {
      const id = planItemId(category.id, plan.name);
      return [id, { id, category, plan }];
    }),
  ),
);

/** Looks a plan up by its item id; undefined for anything not in the catalogue. */
export function findCatalogueEntry(itemId: string): CatalogueEntry | undefined {
  return entries.get(itemId);
}

export function allCatalogueEntries(): CatalogueEntry[] {
  return [...entries.values()];
}

/**
 * The support tier a plan's yearly fee buys: Standard below ₹25,000, Priority ₹25,000 to ₹50,000,
 * Premium above (support-tiers.ts has each tier's times). Here, beside the prices, because the
 * plan cards show it and the landing page already loads this module.
 */
export const supportTierName = (yearlyFeePaise: number): 'Standard' | 'Priority' | 'Premium' =>
  yearlyFeePaise < 25_000_00 ? 'Standard' : yearlyFeePaise <= 50_000_00 ? 'Priority' : 'Premium';
