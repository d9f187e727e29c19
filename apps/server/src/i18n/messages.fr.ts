/**
 * French text of every user-facing server message, keyed by its English text (as gettext keys
 * messages by their source text). `{name}` placeholders are kept. The spec's literal messages that
 * clients match on (sign-in and sign-up answers) stay as the spec writes them.
 * `i18n/messages.test.ts` fails when a message in the source has no entry here.
 */
export const MESSAGES_FR: Record<string, string> = {
  // Spec literals: clients compare these texts, so they are not translated.
  'Wrong Password': 'Wrong Password',
  'Wrong User': 'Wrong User',
  "Password and Confirm password isn't matched": "Password and Confirm password isn't matched",
  'Upload failed: Please provide both a phone number and an account.':
    'Upload failed: Please provide both a phone number and an account.',
  'Upload failed: Please select an account when providing a phone number.':
    'Upload failed: Please select an account when providing a phone number.',

  // The spec's chat validation message, kept as written (the web matches it).
  'Invalid session ID': 'Invalid session ID',
  'Type a question before sending it.': 'Écrivez une question avant de l’envoyer.',
  'You can only ask the assistant as yourself.': 'Vous ne pouvez interroger l’assistant qu’en votre nom.',
  'You can only see your own conversations.': 'Vous ne pouvez voir que vos propres conversations.',
  'This conversation was not found.': 'Cette conversation est introuvable.',

  'Choose an audio file to upload.': 'Choisissez un fichier audio à importer.',
  'Only a failed recording can be retried.': 'Seul un enregistrement en échec peut être relancé.',
  'Please check these fields: {fields}.': 'Vérifiez ces champs : {fields}.',
  'Please check {field}: {problem}': 'Vérifiez {field} : {problem}',
  'is required': 'est obligatoire',
  'must be a number': 'doit être un nombre',
  'must be text': 'doit être du texte',
  'must be true or false': 'doit valoir true ou false',
  'must be a list': 'doit être une liste',
  'must be an object': 'doit être un objet',
  'has the wrong type': 'n’a pas le bon type',
  'must not be empty': 'ne doit pas être vide',
  'must be at least {min} characters long': 'doit contenir au moins {min} caractères',
  'must have at least {min} items': 'doit contenir au moins {min} éléments',
  'must be at least {min}': 'doit valoir au moins {min}',
  'must be at most {max} characters long': 'doit contenir au plus {max} caractères',
  'must have at most {max} items': 'doit contenir au plus {max} éléments',
  'must be at most {max}': 'doit valoir au plus {max}',
  'must be greater than {min}': 'doit être supérieur à {min}',
  'must be less than {max}': 'doit être inférieur à {max}',
  'must be {value}': 'doit valoir {value}',
  'must include one of: {keys}': 'doit contenir l’un de ces champs : {keys}',
  'must be in the format {formats}': 'doit être au format {formats}',
  'must be a valid e-mail address': 'doit être une adresse e-mail valide',
  'must be a valid web address': 'doit être une adresse web valide',
  'must be a valid UUID': 'doit être un UUID valide',
  'is not in the expected format': 'n’est pas au format attendu',
  'must be one of: {values}': 'doit être l’une de ces valeurs : {values}',
  'has fields that are not accepted: {keys}': 'contient des champs non acceptés : {keys}',
  'is not valid': 'n’est pas valide',
  'Contains a NUL byte or an invalid character': 'Contient un octet NUL ou un caractère non valide',

  // Messages the contracts (packages/contracts) write in their zod schemas.
  'Not a share link': 'Ce n’est pas un lien de partage',
  'Not an invitation token': 'Ce n’est pas un jeton d’invitation',
  'Give location_id or location_name': 'Indiquez location_id ou location_name',
  'Use one of the ranges 6, 29, 365 or all.': 'Utilisez l’une des périodes 6, 29, 365 ou all.',
  'Use letters, digits, dot, dash or underscore':
    'Utilisez des lettres, des chiffres, le point, le tiret ou le tiret bas',
  'Add at least one phrase': 'Ajoutez au moins une expression',
  'Send the recording as multipart/form-data with a "file" part.':
    'Envoyez l’enregistrement en multipart/form-data avec une partie « file ».',
  'Send the recording as multipart/form-data with a boundary and a "file" part.':
    'Envoyez l’enregistrement en multipart/form-data avec un délimiteur (boundary) et une partie « file ».',
  'Sign in to continue.': 'Connectez-vous pour continuer.',
  'The "json" part of the upload is not valid JSON.':
    'La partie « json » de l’envoi n’est pas du JSON valide.',
  'The audio file of this recording is missing.': 'Le fichier audio de cet enregistrement est introuvable.',
  'The e-mail address cannot be changed here.': 'L’adresse e-mail ne peut pas être modifiée ici.',
  'The requested byte range is not in this file.': 'La plage d’octets demandée n’existe pas dans ce fichier.',
  'There is no {method} {path} here.': 'Il n’y a pas de {method} {path} ici.',
  'This account is not active; turn its sync on first.':
    'Ce compte n’est pas actif ; activez d’abord sa synchronisation.',
  'This account was not found.': 'Ce compte est introuvable.',
  'This audio link is not valid. Reload the page to get a new one.':
    'Ce lien audio n’est pas valide. Rechargez la page pour en obtenir un nouveau.',
  'This audio link has expired. Reload the page to get a new one.':
    'Ce lien audio a expiré. Rechargez la page pour en obtenir un nouveau.',
  'This call has no transcript yet; coaching is available once it is transcribed.':
    'Cet appel n’a pas encore de transcription ; le coaching sera disponible une fois transcrit.',
  'This call has no transcript yet; it is analysed once transcribed.':
    'Cet appel n’a pas encore de transcription ; il sera analysé une fois transcrit.',
  'This recording has no audio file.': 'Cet enregistrement n’a pas de fichier audio.',
  'Processing failed unexpectedly. Press retry; if it keeps failing, contact support.':
    'Le traitement a échoué de façon inattendue. Cliquez sur Réessayer ; si l’échec persiste, contactez le support.',
  'Speech-to-text is not set up correctly on this server, so this call could not be transcribed. An administrator can see what to change; then press Retry.':
    'La transcription n’est pas correctement configurée sur ce serveur : cet appel n’a pas pu être transcrit. Un administrateur peut voir ce qu’il faut modifier ; cliquez ensuite sur Réessayer.',
  '{reason} (attempt {attempt} failed, retrying)':
    '{reason} (tentative {attempt} échouée, nouvel essai en cours)',
  'This recording was not found.': 'Cet enregistrement est introuvable.',
  'This list position is not valid any more. Go back to the first page.':
    "Cette position dans la liste n'est plus valable. Revenez à la première page.",
  'This reset link is invalid or has expired. Please ask for a new one.':
    'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  'This share link was not found or is already revoked.':
    'Ce lien de partage est introuvable ou a déjà été révoqué.',
  'This shared analysis does not exist, or its link was revoked or has expired.':
    'Cette analyse partagée n’existe pas, ou son lien a été révoqué ou a expiré.',
  'This user was not found.': 'Cet utilisateur est introuvable.',
  'This username or email is already taken.': 'Ce nom d’utilisateur ou cet e-mail est déjà utilisé.',
  'Wrong email': 'Adresse e-mail inconnue',
  'You can only change your own account.': 'Vous ne pouvez modifier que votre propre compte.',
  'You can only change your own password.': 'Vous ne pouvez modifier que votre propre mot de passe.',
  'You can only import recordings as yourself.':
    'Vous ne pouvez importer des enregistrements qu’en votre nom.',
  'You can only view your own account.': 'Vous ne pouvez consulter que votre propre compte.',
  'You have exceeded the maximum number of saved recordings.':
    'Vous avez dépassé le nombre maximal d’enregistrements sauvegardés.',
  'Your organization has used all of its storage space ({limit} MB). Delete recordings to make room.':
    'Votre organisation a utilisé tout son espace de stockage ({limit} Mo). Supprimez des enregistrements pour faire de la place.',
  'Too many attempts. Please wait {minutes} minutes and try again.':
    'Trop de tentatives. Attendez {minutes} minutes et réessayez.',
  'Too many failed sign-ins for this account. Try again in {seconds} seconds.':
    'Trop d’échecs de connexion pour ce compte. Réessayez dans {seconds} secondes.',
  'You already have {count} links importing. Wait for one of them to finish, then try again.':
    'Vous avez déjà {count} liens en cours d’import. Attendez que l’un d’eux se termine, puis réessayez.',
  'This import needs {size} MB and your organization has {left} MB of storage left (of {limit} MB). Delete recordings to make room.':
    'Cet import nécessite {size} Mo et il reste {left} Mo de stockage à votre organisation (sur {limit} Mo). Supprimez des enregistrements pour faire de la place.',
  'This import took too long and was stopped. Please try again.':
    'Cet import a pris trop de temps et a été arrêté. Veuillez réessayer.',
  'This needs {wanted} free places for recordings and your organization has {left} left.':
    'Il faut {wanted} places libres pour des enregistrements et il en reste {left} à votre organisation.',
  'Your account no longer exists.': 'Votre compte n’existe plus.',
  'Your role does not allow this action.': 'Votre rôle ne permet pas cette action.',
  'Your session has expired. Please sign in again.': 'Votre session a expiré. Veuillez vous reconnecter.',
  'Your session is not valid. Please sign in again.':
    'Votre session n’est pas valide. Veuillez vous reconnecter.',
  'Unknown coach "{coach}". Choose one of: {options}.':
    'Coach inconnu « {coach} ». Choisissez parmi : {options}.',
  '{coach} does not coach the method "{method}". Choose one of: {options}.':
    '{coach} n’enseigne pas la méthode « {method} ». Choisissez parmi : {options}.',

  // The error handler's own messages.
  'The request body is not valid JSON.': 'Le corps de la requête n’est pas du JSON valide.',
  'The request body is empty; JSON was expected.': 'Le corps de la requête est vide ; du JSON était attendu.',
  'The request body is too large.': 'Le corps de la requête est trop volumineux.',
  'This content type is not accepted here; send JSON.':
    'Ce type de contenu n’est pas accepté ici ; envoyez du JSON.',
  'The Content-Length header does not match the body.':
    'L’en-tête Content-Length ne correspond pas au corps.',
  'The file is too large.': 'Le fichier est trop volumineux.',
  'Send one recording per upload, in the "file" part.':
    'Envoyez un seul enregistrement par envoi, dans la partie « file ».',
  'The upload form has too many fields.': 'Le formulaire d’envoi contient trop de champs.',
  'The upload form has too many parts.': 'Le formulaire d’envoi contient trop de parties.',
  'The upload form has a field name that is not allowed.':
    'Le formulaire d’envoi contient un nom de champ non autorisé.',
  'This address is not valid.': 'Cette adresse n’est pas valide.',
  'The request was interrupted before it was complete.':
    'La requête a été interrompue avant d’être complète.',
  "The request's headers are too large. Clear this site's cookies in your browser, then try again.":
    'Les en-têtes de la requête sont trop volumineux. Effacez les cookies de ce site dans votre navigateur, puis réessayez.',
  'The request is not valid HTTP.': 'La requête n’est pas une requête HTTP valide.',
  'The request took too long to arrive. Check your connection, then try again.':
    'La requête a mis trop de temps à arriver. Vérifiez votre connexion, puis réessayez.',
  'This address was already sent {count} invitations in the last hour. Try again in {minutes} minutes.':
    'Cette adresse a déjà reçu {count} invitations dans la dernière heure. Réessayez dans {minutes} minutes.',
  'Your organization sent {count} invitations in the last hour. Try again in {minutes} minutes.':
    'Votre organisation a envoyé {count} invitations dans la dernière heure. Réessayez dans {minutes} minutes.',
  'Too many attempts. Please wait a minute and try again.':
    'Trop de tentatives. Patientez une minute puis réessayez.',
  'The request could not be processed.': 'La requête n’a pas pu être traitée.',
  'Something went wrong on our side. Please try again; if it keeps happening, contact support.':
    'Un problème est survenu de notre côté. Réessayez ; si cela persiste, contactez le support.',

  // Adapters: ingest, audio tools, storage, speech-to-text, language model.
  'Audio processing is not available on this server (ffmpeg is missing).':
    'Le traitement audio n’est pas disponible sur ce serveur (ffmpeg est absent).',
  'Links that contain a user name or password are not supported.':
    'Les liens contenant un nom d’utilisateur ou un mot de passe ne sont pas pris en charge.',
  'No language model is configured: set LLM_MODEL (and LLM_BASE_URL, LLM_API_KEY).':
    'Aucun modèle de langage n’est configuré : définissez LLM_MODEL (et LLM_BASE_URL, LLM_API_KEY).',
  'Only http:// and https:// links can be imported.':
    'Seuls les liens http:// et https:// peuvent être importés.',
  'Processing the audio took too long. Try again later.':
    'Le traitement de l’audio a pris trop de temps. Réessayez plus tard.',
  'The audio could not be read for transcription.': 'L’audio n’a pas pu être lu pour la transcription.',
  'The audio file contains no audio samples.': 'Le fichier audio ne contient aucun échantillon sonore.',
  'The audio file could not be decoded (it may be corrupt or truncated).':
    'Le fichier audio n’a pas pu être décodé (il est peut-être corrompu ou tronqué).',
  'The audio file is incomplete: it ends before its stated length. Upload the complete file.':
    'Le fichier audio est incomplet : il s’arrête avant la durée annoncée. Importez le fichier complet.',
  'The audio file was not found.': 'Le fichier audio est introuvable.',
  'The download took too long and was stopped.': 'Le téléchargement a pris trop de temps et a été arrêté.',
  'The file at this link is empty.': 'Le fichier à ce lien est vide.',
  'The file at this link is larger than the allowed size.':
    'Le fichier à ce lien dépasse la taille autorisée.',
  'The file at this link is larger than the {limit} limit.':
    'Le fichier à ce lien dépasse la limite de {limit}.',
  'The file contains no audio track.': 'Le fichier ne contient aucune piste audio.',
  'The file could not be stored.': 'Le fichier n’a pas pu être enregistré.',
  'The file is empty.': 'Le fichier est vide.',
  'The file is larger than the {limit} limit.': 'Le fichier dépasse la limite de {limit}.',
  'The local Whisper engine could not transcribe this recording.':
    'Le moteur Whisper local n’a pas pu transcrire cet enregistrement.',
  'The local Whisper engine was not ready. Retry the recording.':
    'Le moteur Whisper local n’était pas prêt. Relancez l’enregistrement.',
  'The normalized audio of this recording could not be read for transcription.':
    'L’audio normalisé de cet enregistrement n’a pas pu être lu pour la transcription.',
  'The recording has no audio channel to transcribe.': 'L’enregistrement n’a aucun canal audio à transcrire.',
  'The requested byte range is not available.': 'La plage d’octets demandée n’est pas disponible.',
  'The server at this link answered with an error (HTTP {status}).':
    'Le serveur de ce lien a répondu par une erreur (HTTP {status}).',
  'The server at this link answered with an error.': 'Le serveur de ce lien a répondu par une erreur.',
  'The server at this link could not be reached or closed the connection.':
    'Le serveur de ce lien est injoignable ou a fermé la connexion.',
  'The server name in this link could not be found.': 'Le nom de serveur de ce lien est introuvable.',
  'This URL points to a private or local network address, which is not allowed.':
    'Cette URL pointe vers une adresse de réseau privé ou local, ce qui n’est pas autorisé.',
  'This file contains video. Upload an audio-only file ({formats}).':
    'Ce fichier contient de la vidéo. Importez un fichier uniquement audio ({formats}).',
  'This file is not a supported audio format. Upload {formats} audio.':
    'Ce fichier n’est pas dans un format audio pris en charge. Importez de l’audio {formats}.',
  'This is not a valid web address.': 'Ce n’est pas une adresse web valide.',
  'This link redirects too many times.': 'Ce lien redirige trop de fois.',
  'This recording could not be prepared for transcription (unreadable audio).':
    'Cet enregistrement n’a pas pu être préparé pour la transcription (audio illisible).',
  // HighLevel CRM (locations and crm modules).
  'HighLevel did not say which location was installed.':
    'HighLevel n’a pas indiqué quel emplacement a été installé.',
  'HighLevel did not return a company connection.': 'HighLevel n’a pas renvoyé de connexion d’entreprise.',
  'This CRM connection attempt has expired. Click Sync CRM to start again.':
    'Cette tentative de connexion au CRM a expiré. Cliquez sur Sync CRM pour recommencer.',
  'This CRM connection link is not valid. Click Sync CRM to start again.':
    'Ce lien de connexion au CRM n’est pas valide. Cliquez sur Sync CRM pour recommencer.',
  'This CRM connection was started by another user. Click Sync CRM to start your own.':
    'Cette connexion au CRM a été lancée par un autre utilisateur. Cliquez sur Sync CRM pour lancer la vôtre.',
  'This CRM connection link was already used. Click Sync CRM to connect again.':
    'Ce lien de connexion au CRM a déjà été utilisé. Cliquez sur Sync CRM pour vous reconnecter.',
  'This connection was started as a Company install; finish it as a Company.':
    'Cette connexion a été lancée comme une installation Entreprise ; terminez-la comme Entreprise.',
  'This connection was started as a Location install; finish it as a Location.':
    'Cette connexion a été lancée comme une installation Emplacement ; terminez-la comme Emplacement.',
  'HighLevel refused this authorization code (expired or already used). Click Sync CRM to start again.':
    'HighLevel a refusé ce code d’autorisation (expiré ou déjà utilisé). Cliquez sur Sync CRM pour recommencer.',
  'HighLevel could not be reached. Try again in a moment.':
    'HighLevel est injoignable. Réessayez dans un instant.',
  'HighLevel returned a different install type than the one chosen.':
    'HighLevel a renvoyé un type d’installation différent de celui choisi.',
  'No account has this name.': 'Aucun compte ne porte ce nom.',
  'Dates after today cannot be synced.':
    'Les dates postérieures à aujourd’hui ne peuvent pas être synchronisées.',
  'The start date must be before the end date.': 'La date de début doit précéder la date de fin.',
  'Dates before 1 January 2000 cannot be synced.':
    'Les dates antérieures au 1er janvier 2000 ne peuvent pas être synchronisées.',
  'A sync of this account is already running.': 'Une synchronisation de ce compte est déjà en cours.',
  'This sync was not found.': 'Cette synchronisation est introuvable.',
  'This webhook is not signed.': 'Ce webhook n’est pas signé.',
  'The webhook signature is not valid.': 'La signature du webhook n’est pas valide.',
  'The webhook body is not a JSON object.': 'Le corps du webhook n’est pas un objet JSON.',
  'This webhook is too old or has no valid timestamp.':
    'Ce webhook est trop ancien ou n’a pas d’horodatage valide.',
  'This webhook has no webhookId.': 'Ce webhook n’a pas de webhookId.',
  'This webhook was already received.': 'Ce webhook a déjà été reçu.',
  'Set a retention period first.': 'Définissez d’abord une durée de conservation.',
  // Teams: invitations, members, notifications.
  'This notification stream link is not valid or has expired. Ask for a new one.':
    'Ce lien de flux de notifications n’est pas valide ou a expiré. Demandez-en un nouveau.',
  'This invitation has already been used. Sign in instead.':
    'Cette invitation a déjà été utilisée. Connectez-vous plutôt.',
  'This invitation has expired. Ask your admin to invite you again.':
    'Cette invitation a expiré. Demandez à votre administrateur de vous inviter à nouveau.',
  'An organization needs at least one admin: make another member admin first.':
    'Une organisation a besoin d’au moins un administrateur : nommez d’abord un autre membre administrateur.',
  'This member was not found.': 'Ce membre est introuvable.',
  'This invitation link is not valid (it may have been revoked). Ask your admin for a new one.':
    'Ce lien d’invitation n’est pas valide (il a peut-être été révoqué). Demandez-en un nouveau à votre administrateur.',
  'This e-mail address already has a Call Insights account; a person can belong to one organization only.':
    'Cette adresse e-mail a déjà un compte Call Insights ; une personne ne peut appartenir qu’à une seule organisation.',
  'One of the chosen accounts was not found in your organization.':
    'L’un des comptes choisis est introuvable dans votre organisation.',
  'This invitation was not found or is no longer pending.':
    'Cette invitation est introuvable ou n’est plus en attente.',
  'The current password is not correct.': 'Le mot de passe actuel est incorrect.',
  'Please check {field}: it contains a character that is not allowed.':
    'Vérifiez {field} : il contient un caractère non autorisé.',

  // Trackers
  'This tracker was not found.': 'Ce tracker est introuvable.',
  'A tracker named "{name}" already exists.': 'Un tracker nommé « {name} » existe déjà.',
  'A tracker with this name already exists.': 'Un tracker porte déjà ce nom.',
  'A phrase needs at least one word or number.': 'Une expression doit contenir au moins un mot ou un nombre.',
  'An organization can have at most {max} trackers. Delete one to add another.':
    'Une organisation peut avoir au plus {max} trackers. Supprimez-en un pour en ajouter un autre.',
  'This re-apply run was not found.': 'Cette réapplication est introuvable.',
  // Account e-mails (modules/users/mails.ts), sent in the language of the request.
  'Reset your Call Insights password': 'Réinitialisez votre mot de passe Call Insights',
  'Hello {name},': 'Bonjour {name},',
  'Someone asked to reset the password of your Call Insights account.':
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Call Insights.',
  'Open this link within one hour to choose a new password:':
    'Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :',
  'If it was not you, ignore this e-mail; your password stays the same.':
    'Si ce n’était pas vous, ignorez cet e-mail ; votre mot de passe reste le même.',
  'You are invited to join {organization} on Call Insights':
    'Vous êtes invité à rejoindre {organization} sur Call Insights',
  'Hello,': 'Bonjour,',
  '{inviter} invited you to join {organization} on Call Insights {asRole}.':
    '{inviter} vous invite à rejoindre {organization} sur Call Insights {asRole}.',
  'Open this link within {days} days to choose your name and password:':
    'Ouvrez ce lien dans les {days} jours pour choisir votre nom et votre mot de passe :',
  'If you did not expect this invitation, ignore this e-mail.':
    'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
  'An administrator': 'Un administrateur',
  'as an administrator': 'en tant qu’administrateur',
  'as a manager': 'en tant que responsable',
  'as a user': 'en tant qu’utilisateur',

  // Setup hints for administrators (StoredMessage.setup): setting names stay as they are.
  'The OpenAI-compatible transcription service': 'Le service de transcription compatible OpenAI',
  '{provider} rejected the API key (HTTP 401). Check TRANSCRIBER_API_KEY.':
    '{provider} a refusé la clé d’API (HTTP 401). Vérifiez TRANSCRIBER_API_KEY.',
  '{provider} refused access (HTTP 403). Check that TRANSCRIBER_API_KEY may use TRANSCRIBER_MODEL.':
    '{provider} a refusé l’accès (HTTP 403). Vérifiez que TRANSCRIBER_API_KEY permet d’utiliser TRANSCRIBER_MODEL.',
  '{provider} was not found at {url} (HTTP 404). Check TRANSCRIBER_BASE_URL and TRANSCRIBER_MODEL.':
    '{provider} est introuvable à l’adresse {url} (HTTP 404). Vérifiez TRANSCRIBER_BASE_URL et TRANSCRIBER_MODEL.',
  'WHISPER_MODEL "{model}" is not a model name (expected something like base.en). Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.':
    'WHISPER_MODEL « {model} » n’est pas un nom de modèle (attendu : par exemple base.en). Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml local, ou choisissez TRANSCRIBER=openai avec TRANSCRIBER_BASE_URL et TRANSCRIBER_API_KEY.',
  'The Whisper model could not be downloaded. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.':
    'Le modèle Whisper n’a pas pu être téléchargé. Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml local, ou choisissez TRANSCRIBER=openai avec TRANSCRIBER_BASE_URL et TRANSCRIBER_API_KEY.',
  'The Whisper model "{model}" was not found at {host} (HTTP 404). Check WHISPER_MODEL. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.':
    'Le modèle Whisper « {model} » est introuvable sur {host} (HTTP 404). Vérifiez WHISPER_MODEL. Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml local, ou choisissez TRANSCRIBER=openai avec TRANSCRIBER_BASE_URL et TRANSCRIBER_API_KEY.',
  'The downloaded Whisper model was damaged (checksum mismatch) and has been deleted; it will be downloaded again on retry. Set WHISPER_MODEL_PATH to a local ggml model file, or choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY.':
    'Le modèle Whisper téléchargé était endommagé (somme de contrôle incorrecte) et a été supprimé ; il sera téléchargé à nouveau lors de la relance. Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml local, ou choisissez TRANSCRIBER=openai avec TRANSCRIBER_BASE_URL et TRANSCRIBER_API_KEY.',
  'The Whisper model file {path} could not be loaded (it is not a valid whisper.cpp ggml model). Set WHISPER_MODEL_PATH to a valid ggml model file, or delete this file so it is downloaded again.':
    'Le fichier de modèle Whisper {path} n’a pas pu être chargé (ce n’est pas un modèle ggml whisper.cpp valide). Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml valide, ou supprimez ce fichier pour qu’il soit téléchargé à nouveau.',
  'The local Whisper engine could not start on this machine ({platform}). Choose TRANSCRIBER=openai with TRANSCRIBER_BASE_URL and TRANSCRIBER_API_KEY, or TRANSCRIBER=deepgram.':
    'Le moteur Whisper local n’a pas pu démarrer sur cette machine ({platform}). Choisissez TRANSCRIBER=openai avec TRANSCRIBER_BASE_URL et TRANSCRIBER_API_KEY, ou TRANSCRIBER=deepgram.',
  'WHISPER_MODEL_PATH is set to {path}, but there is no file there. Set WHISPER_MODEL_PATH to a local ggml model file (such as ggml-base.en.bin), or unset it to download WHISPER_MODEL automatically.':
    'WHISPER_MODEL_PATH vaut {path}, mais il n’y a aucun fichier à cet endroit. Indiquez dans WHISPER_MODEL_PATH un fichier de modèle ggml local (comme ggml-base.en.bin), ou retirez ce réglage pour télécharger WHISPER_MODEL automatiquement.',

  // Speech-to-text failures every reader sees (adapters/transcription/provider-http.ts); `{provider}`
  // is a vendor's name or one of the words above, translated with the message.
  '{provider} did not answer within {seconds} s.': '{provider} n’a pas répondu dans les {seconds} s.',
  'Could not reach {provider} at {host}. Check TRANSCRIBER_BASE_URL.':
    '{provider} est injoignable à l’adresse {host}. Vérifiez TRANSCRIBER_BASE_URL.',
  '{provider} could not process this audio (HTTP {status}). The file may be damaged, too large, or in an unsupported format.':
    '{provider} n’a pas pu traiter cet audio (HTTP {status}). Le fichier est peut-être endommagé, trop volumineux ou dans un format non pris en charge.',
  '{provider} is limiting the request rate (HTTP 429).':
    '{provider} limite le nombre de requêtes (HTTP 429).',
  '{provider} had a temporary problem (HTTP {status}).':
    '{provider} a rencontré un problème temporaire (HTTP {status}).',
  '{provider} answered with an unexpected error (HTTP {status}).':
    '{provider} a répondu par une erreur inattendue (HTTP {status}).',
  '{provider} sent an answer that could not be read. Check that TRANSCRIBER_BASE_URL points at a compatible service.':
    '{provider} a envoyé une réponse illisible. Vérifiez que TRANSCRIBER_BASE_URL désigne un service compatible.',
};
