import { defineMessages } from 'react-intl';
import { asText } from '../common/defineText';

export const p = asText(
  defineMessages({
    companyTitle: { id: 'pages.company.title', defaultMessage: 'Company details' },
    company: { id: 'pages.service.company', defaultMessage: 'Company' },
    tradenames: { id: 'pages.service.tradenames', defaultMessage: 'Trade names' },
    address: { id: 'pages.service.address', defaultMessage: 'Address' },
    phone: { id: 'pages.service.phone', defaultMessage: 'Phone' },
    email: { id: 'pages.company.email', defaultMessage: 'Email' },
    vat: { id: 'pages.service.vat', defaultMessage: 'VAT number' },
    serviceLink: { id: 'pages.serviceLink', defaultMessage: 'Contact customer service' },
    faqLink: { id: 'pages.service.faqLink', defaultMessage: 'Frequently asked questions' },
    complaintsLink: { id: 'pages.service.complaintsLink', defaultMessage: 'Make a complaint' },
    cookieName: { id: 'pages.cookies.name', defaultMessage: 'Name' },
    cookieKind: { id: 'pages.cookies.kind', defaultMessage: 'Kind' },
    cookiePurpose: { id: 'pages.cookies.purpose', defaultMessage: 'Purpose' },
    cookieLifetime: { id: 'pages.cookies.lifetime', defaultMessage: 'Kept for' },
    cookieCaption: { id: 'pages.cookies.caption', defaultMessage: 'Every cookie and storage item of {site}' },
  }),
);
