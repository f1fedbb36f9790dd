import type {
  BreadcrumbList,
  Graph,
  Offer,
  OfferCatalog,
  Organization,
  Thing,
  UnitPriceSpecification,
  WebSite,
} from 'schema-dts';
import { CATEGORIES, type Category, type Plan } from '@/domain/catalogue';
import { COMPANY } from '@/domain/company';
import { CURRENCY, paiseToRupees } from '@/domain/money';
import { sectionHref } from '@/components/section-link';
import { LOGO_IMAGE, SHARE_IMAGE } from './share-image';

/*
 * The JSON-LD of the public pages (schema.org, as Google reads it). Typed with schema-dts, so a
 * property or type schema.org does not have fails the type check.
 */

const organizationId = (baseUrl: string) => `${baseUrl}/#organization`;
const websiteId = (baseUrl: string) => `${baseUrl}/#website`;

function price(paise: number, name: string, isYearly: boolean): UnitPriceSpecification {
  return {
    '@type': 'UnitPriceSpecification',
    name,
    price: paiseToRupees(paise),
    priceCurrency: CURRENCY,
    ...(isYearly && { unitCode: 'ANN', unitText: 'year' }),
  };
}

function planOffer(category: Category, plan: Plan, baseUrl: string): Offer {
  return {
    '@type': 'Offer',
    name: `${category.name}: ${plan.name}`,
    ...(plan.description && { description: plan.description }),
    category: category.name,
    url: `${baseUrl}${sectionHref('products')}`,
    price: paiseToRupees(plan.oneTimePaise),
    priceCurrency: CURRENCY,
    availability: 'https://schema.org/InStock',
    priceSpecification: [
      price(plan.oneTimePaise, 'One-time build price', false),
      ...(plan.yearlyPaise === null
        ? []
        : [price(plan.yearlyPaise, 'Yearly fee for hosting, maintenance and support', true)]),
    ],
    itemOffered: {
      '@type': 'Service',
      name: `${category.name} ${plan.name}`,
      serviceType: category.name,
      provider: { '@id': organizationId(baseUrl) },
      ...(plan.note && { disambiguatingDescription: plan.note }),
    },
    seller: { '@id': organizationId(baseUrl) },
  };
}

/** The 15 plans: one catalogue per product line, one Offer per plan with its price in INR. */
export function offerCatalog(baseUrl: string): OfferCatalog {
  return {
    '@type': 'OfferCatalog',
    name: 'Plans and prices',
    url: `${baseUrl}${sectionHref('products')}`,
    itemListElement: CATEGORIES.map((category): OfferCatalog => ({
      '@type': 'OfferCatalog',
      name: category.name,
      description: category.tagline,
      itemListElement: category.plans.map((plan) => planOffer(category, plan, baseUrl)),
    })),
  };
}

export function organization(baseUrl: string): Organization {
  const contact = { email: COMPANY.email, telephone: COMPANY.phone };
  return {
    '@type': 'Organization',
    '@id': organizationId(baseUrl),
    name: COMPANY.name,
    legalName: COMPANY.legalName,
    url: `${baseUrl}/`,
    logo: `${baseUrl}${LOGO_IMAGE.path}`,
    image: `${baseUrl}${SHARE_IMAGE.path}`,
    ...contact,
    address: {
      '@type': 'PostalAddress',
      streetAddress: COMPANY.office.streetAddress,
      addressLocality: COMPANY.office.locality,
      addressRegion: COMPANY.office.region,
      postalCode: COMPANY.office.postalCode,
      addressCountry: COMPANY.office.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      ...contact,
      areaServed: 'IN',
      availableLanguage: 'en',
    },
    hasOfferCatalog: offerCatalog(baseUrl),
  };
}

export function website(baseUrl: string): WebSite {
  return {
    '@type': 'WebSite',
    '@id': websiteId(baseUrl),
    url: `${baseUrl}/`,
    name: COMPANY.name,
    inLanguage: 'en-IN',
    publisher: { '@id': organizationId(baseUrl) },
  };
}

/** Home > page, for a page one level below the home page. */
export function breadcrumbs(baseUrl: string, path: string, name: string): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${baseUrl}/` },
      { '@type': 'ListItem', position: 2, name, item: `${baseUrl}${path}` },
    ],
  };
}

/** A public page's JSON-LD: who we are and what we sell, and where the page sits. */
export function structuredData(baseUrl: string, page: { path: string; breadcrumb?: string }): Graph {
  const graph: Thing[] = [organization(baseUrl), website(baseUrl)];
  if (page.breadcrumb) graph.push(breadcrumbs(baseUrl, page.path, page.breadcrumb));
  return { '@context': 'https://schema.org', '@graph': graph };
}
