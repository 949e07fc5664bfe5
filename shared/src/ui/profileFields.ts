import { defineMessages, type IntlShape } from 'react-intl';

/**
 * Names and values of the configurable profile fields (profile_fields.php, 0022_catalog.sql), in
 * one place: the signup and profile forms ask them, member profiles show them. A field or value the
 * catalogue gains before these words do is shown humanized ("eye_color" → "Eye color").
 */
const fieldLabels = defineMessages({
  language: { id: 'personal.field.language', defaultMessage: 'Language' },
  relationship: { id: 'personal.field.relationship', defaultMessage: 'Relationship status' },
  looking_for: { id: 'personal.field.looking_for', defaultMessage: 'Looking for' },
  height: { id: 'personal.field.height', defaultMessage: 'Height' },
  eye_color: { id: 'personal.field.eye_color', defaultMessage: 'Eye colour' },
  hair_color: { id: 'personal.field.hair_color', defaultMessage: 'Hair colour' },
  smoking: { id: 'personal.field.smoking', defaultMessage: 'Smoking' },
});

/** Their values, by field.value. */
const valueLabels = defineMessages({
  'relationship.single': { id: 'personal.value.relationship.single', defaultMessage: 'Single' },
  'relationship.divorced': { id: 'personal.value.relationship.divorced', defaultMessage: 'Divorced' },
  'relationship.separated': { id: 'personal.value.relationship.separated', defaultMessage: 'Separated' },
  'relationship.widowed': { id: 'personal.value.relationship.widowed', defaultMessage: 'Widowed' },
  'relationship.open_relationship': { id: 'personal.value.relationship.open_relationship', defaultMessage: 'In an open relationship' },
  'looking_for.chat': { id: 'personal.value.looking_for.chat', defaultMessage: 'A chat' },
  'looking_for.friendship': { id: 'personal.value.looking_for.friendship', defaultMessage: 'Friendship' },
  'looking_for.dating': { id: 'personal.value.looking_for.dating', defaultMessage: 'Dates' },
  'looking_for.relationship': { id: 'personal.value.looking_for.relationship', defaultMessage: 'A relationship' },
  'looking_for.marriage': { id: 'personal.value.looking_for.marriage', defaultMessage: 'Marriage' },
  'height.under_160': { id: 'personal.value.height.under_160', defaultMessage: 'Under 160 cm' },
  'height.160_169': { id: 'personal.value.height.160_169', defaultMessage: '160–169 cm' },
  'height.170_179': { id: 'personal.value.height.170_179', defaultMessage: '170–179 cm' },
  'height.180_189': { id: 'personal.value.height.180_189', defaultMessage: '180–189 cm' },
  'height.190_plus': { id: 'personal.value.height.190_plus', defaultMessage: '190 cm or taller' },
  'eye_color.blue': { id: 'personal.value.eye_color.blue', defaultMessage: 'Blue' },
  'eye_color.green': { id: 'personal.value.eye_color.green', defaultMessage: 'Green' },
  'eye_color.grey': { id: 'personal.value.eye_color.grey', defaultMessage: 'Grey' },
  'eye_color.hazel': { id: 'personal.value.eye_color.hazel', defaultMessage: 'Hazel' },
  'eye_color.brown': { id: 'personal.value.eye_color.brown', defaultMessage: 'Brown' },
  'hair_color.blonde': { id: 'personal.value.hair_color.blonde', defaultMessage: 'Blonde' },
  'hair_color.red': { id: 'personal.value.hair_color.red', defaultMessage: 'Red' },
  'hair_color.brown': { id: 'personal.value.hair_color.brown', defaultMessage: 'Brown' },
  'hair_color.black': { id: 'personal.value.hair_color.black', defaultMessage: 'Black' },
  'hair_color.grey': { id: 'personal.value.hair_color.grey', defaultMessage: 'Grey' },
  'hair_color.bald': { id: 'personal.value.hair_color.bald', defaultMessage: 'Bald' },
  'smoking.never': { id: 'personal.value.smoking.never', defaultMessage: 'Never' },
  'smoking.sometimes': { id: 'personal.value.smoking.sometimes', defaultMessage: 'Sometimes' },
  'smoking.regularly': { id: 'personal.value.smoking.regularly', defaultMessage: 'Regularly' },
});

function humanize(word: string): string {
  const words = word.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name of a configurable profile field, in the reader's language. */
export function profileFieldLabel(intl: IntlShape, field: string): string {
  return field in fieldLabels ? intl.formatMessage(fieldLabels[field as keyof typeof fieldLabels]) : humanize(field);
}

/** One value of a configurable profile field (not `language`: Intl.DisplayNames names those). */
export function profileValueLabel(intl: IntlShape, field: string, value: string): string {
  const key = `${field}.${value}`;
  return key in valueLabels ? intl.formatMessage(valueLabels[key as keyof typeof valueLabels]) : humanize(value);
}
