// The forms of the profile steps, one chunk ("signup-forms") that SignupFlow loads apart.
export { PhotoForm } from '../forms/PhotoForm';
export { LocationForm } from '../forms/LocationForm';
export { PersonalForm } from '../forms/PersonalForm';
export { NotesForm } from '../forms/NotesForm';
