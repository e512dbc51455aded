# 사람이 읽는 글, 한국어. en.ftl의 메시지마다 같은 변수를 쓰는 한국어 메시지가 있어야 합니다
# (테스트가 확인합니다). 용어: 지원자, 공고, 지원서, 메모, 전형 단계.

## 답변 검사 (답변 파일과 마법사). 따옴표가 필요한 값은 $value에 따옴표째 들어옵니다.

check-empty = 비어 있으면 안 됩니다
check-email = { $value }: 이메일 주소 형식이 아닙니다
check-phone = { $value }: 숫자가 없습니다
check-future = { $value }: 미래의 날짜입니다
check-negative = { $value }: 0 이상이어야 합니다
check-not-a-date = { $value }: 날짜 형식이 아닙니다. YYYY-MM-DD 형식으로 쓰세요 (예: 2021-03-15)
check-not-a-real-date = { $value }: 달력에 없는 날짜입니다. 월과 일을 확인하세요
check-not-a-year-month = { $value }: 연월 형식이 아닙니다. YYYY-MM 형식으로 쓰세요 (예: 2021-03)
check-end-before-start = 끝난 때({ $end })가 시작한 때({ $start })보다 앞섭니다
check-given-twice = { $value }: 두 번 들어 있습니다
check-not-a-choice = { $value }: 보기에 없는 값입니다. 보기: { $choices }
check-veteran-code = 숫자 2자리, 하이픈, 숫자 6자리(00-000000)여야 합니다. 받은 값: { $value }
check-url-no-path = { $value }: 주소에 경로가 없습니다
check-url-invalid = { $value }: 올바른 URL이 아닙니다: { $error }
check-path-scheme = { $value }: http(s) file_url이나 /로 시작하는 경로만 쓸 수 있습니다
check-path-not-uploaded = { $value }: 올린 파일의 경로가 아닙니다. 먼저 `recruit files upload { $file }`로 파일을 올리고, 출력된 경로를 쓰세요

## 답변을 말로 (보내는 값은 API의 값 그대로입니다).

word-yes = 예
word-no = 아니요
value-gender-male = 남성
value-gender-female = 여성
value-military-complete = 군필
value-military-incomplete = 미필
value-military-exemption = 면제
value-military-in-service = 복무 중
value-disability-mild = 경증
value-disability-serious = 중증
value-qualification-award = 자격증
value-qualification-certificate = 수상

noun-experience = 경력
noun-education = 학력
noun-qualification = 자격증·수상
noun-training = 교육
noun-language = 어학 시험

field-experience-company = 회사명
field-experience-start = 입사
field-experience-end = 퇴사
field-experience-current = 현재 재직 중인가요?
field-experience-type = 고용 형태
field-experience-position = 직급·직책
field-experience-department = 부서
field-experience-role = 담당 업무
field-education-school = 학교명
field-education-entered = 입학
field-education-graduated-at = 졸업
field-education-graduated = 졸업했나요?
field-education-major = 전공
field-qualification-kind = 구분 (자격증·수상)
field-qualification-name = 자격증명·수상명
field-qualification-institution = 발급 기관
field-qualification-date = 취득일
field-training-name = 교육명
field-training-institution = 교육 기관
field-training-start = 시작일
field-training-end = 종료일
field-language-language = 언어
field-language-test = 시험명
field-language-institution = 시험 기관
field-language-date = 응시일
field-grade = 점수·등급
field-details = 세부 내용

entry-span = { $start } – { $end }
entry-span-now = { $start } – 현재
summary-entries = { $count }건: { $entries }
summary-no-entries = (없음)

## forms apply 마법사.

wizard-applying = { $title } ({ $code }) 지원서 작성
wizard-deadline = 마감: { $deadline }
wizard-expired = 주의: 마감된 공고입니다. 지원서가 거절될 수 있습니다
wizard-not-open = 주의: 열려 있지 않은 공고입니다. 지원서가 거절될 수 있습니다
wizard-ctrl-c = Ctrl-C를 누르면 언제든 아무것도 보내지 않고 멈춥니다.
wizard-resumed = { $path }에서 이어서 작성합니다: 답변 { $kept }개를 불러왔고, 남은 질문은 { $left }개입니다.
wizard-unaskable = 참고: 질문 { $count }개는 이 도구로 보낼 수 없어(서비스가 질문 번호를 주지 않음) 건너뜁니다: { $names }
wizard-no-questions = 참고: 이 지원서에는 질문이 없습니다
wizard-privacy = 선택 항목 개인정보의 수집·이용에 동의하십니까?
wizard-privacy-item = 개인정보 수집·이용 동의: { $answer }
wizard-not-answered = 답하지 않음
wizard-optional = { $label } (선택)
wizard-short-answer = 답변
wizard-short-choose = 선택
wizard-skip = (건너뛰기: 답하지 않음)
wizard-applies = { $label }: 해당하십니까?

wizard-hint-date = (YYYY-MM-DD)
wizard-hint-months = (개월 수)
wizard-hint-comma = (쉼표로 구분)
wizard-hint-file = (올릴 파일, 또는 이미 올린 파일의 경로)
wizard-hint-tick = (스페이스로 표시, Enter로 확인)
wizard-hint-lines = (줄 끝에 \를 쓰면 다음 줄에 이어 씁니다)
wizard-hint-json = (유형 { $kind }: 답을 JSON 객체로)

wizard-refused = 오류:
wizard-required = 필수 항목입니다. 답을 입력하거나, Ctrl-C를 눌러 보내지 않고 멈추세요.
wizard-answer-again = { $problem }. 다시 답해 주세요.
wizard-not-a-number = { $value }: 정수가 아닙니다. 숫자만 입력하세요 (예: 6000).
wizard-not-json = JSON이 아닙니다: { $error }.
wizard-not-json-object = 답은 JSON 객체여야 합니다.
wizard-choose-one = 하나 이상 골라야 합니다. 스페이스로 표시한 뒤 Enter를 누르세요.
wizard-file-is-dir = { $path }: 파일이 아니라 폴더입니다. 파일을 지정하세요.
wizard-no-such-file = { $path }: 그런 파일이 없습니다. 경로를 확인하거나, 이미 올린 파일의 /경로를 쓰세요.
wizard-veteran-code-shape = { $value }: 보훈 번호 형식이 아닙니다. 숫자 2자리, 하이픈, 숫자 6자리로 입력하세요 (00-000000).

wizard-another-file = { $label }: 다른 파일
wizard-add-another-file = 파일을 더 추가할까요?
wizard-another-link = { $label }: 다른 링크
wizard-add-another-link = 링크를 더 추가할까요?
wizard-uploading = { $path } 올리는 중...
wizard-uploaded = 올림: { $path }
wizard-not-uploaded = 올리지 않음(시험 실행): { $path }, { $bytes }바이트. 요청에는 올린 파일의 경로 자리에 이 로컬 경로가 보입니다
wizard-upload-failed = 올리지 못했습니다: { $error }. 다시 시도하거나 다른 파일을 지정하세요.

wizard-military-status = 병역 구분
wizard-veteran-code = 보훈 번호, 00-000000 (선택)
wizard-disability-type = 장애 유형 (선택)
wizard-disability-severity = 장애 정도

wizard-group-add-first = { $label }: 항목을 추가할까요?
wizard-group-add-another = { $noun } 항목을 더 추가할까요?
wizard-group-required = { $noun } 항목을 하나 이상 입력해야 합니다. 첫 칸을 채워 주세요.
wizard-group-keep-one = { $noun } 항목이 하나 이상 있어야 해서 하나뿐인 항목은 지울 수 없습니다. 대신 고쳐 주세요.
wizard-entry-number = { $noun } { $number }
wizard-entry-leave = { $prompt } (비워 두면 이 항목은 추가하지 않음)
wizard-field-dated = { $label } ({ $shape })
wizard-field-dated-optional = { $label } ({ $shape }, 선택)
wizard-group-what = 이 항목들을 그대로 둘까요, 고칠까요?
wizard-group-keep = 이대로 두기 ({ $count }건)
wizard-group-edit = 항목 고치기
wizard-group-delete = 항목 지우기
wizard-group-add = 항목 추가
wizard-group-which-edit = 어느 항목을 고칠까요?
wizard-group-which-delete = 어느 항목을 지울까요?
wizard-group-deleted = 지움: { $line }

review-question = 질문
review-answer = 답변
review-privacy = 개인정보 수집·이용 동의
review-not-answered = 답하지 않은 질문: { $orders }

wizard-what-next = 다음으로 무엇을 할까요?
wizard-submit = { $code } 공고에 이 지원서를 제출할까요?
wizard-submit-titled = { $code } ({ $title }) 공고에 이 지원서를 제출할까요?
wizard-change = 답변 고치기
wizard-cancel = 취소 (아무것도 보내지 않음)
wizard-which-answer = 어느 답변을 고칠까요?
wizard-saved = 답변을 { $path }에 저장했습니다
wizard-save-failed = 주의: 답변을 { $path }에 쓸 수 없습니다: { $error }
wizard-cancelled = 취소했습니다. 아무것도 보내지 않았습니다.
wizard-nothing-sent = 아무것도 보내지 않았습니다.
wizard-kept = 지금까지의 답변은 { $path }에 있습니다. `recruit forms apply { $code } --resume { $path }`로 이어서 작성할 수 있습니다.
wizard-not-kept = 다음에 답변을 남기려면 --save FILE을 붙이세요. 그러면 `recruit forms apply { $code } --resume FILE`로 이어서 작성할 수 있습니다.
wizard-terminal-failed = 터미널에서 답을 읽을 수 없습니다: { $error }

## 명령줄: 오류, 알림, 요약, 진행 상황.

word-error = 오류
help-options-pointer = 전역 옵션(--sandbox, -o/--output, --jq, --fields, --all, --limit, --lang, --bom, --color 등): recruit help options
help-examples-heading = 예:
help-heading-usage = 사용법
help-heading-commands = 명령
help-heading-arguments = 인수
help-heading-options = 옵션
help-flag-help = 도움말 보기
help-flag-version = 버전 보기
help-options-intro = 전역 옵션: 모든 명령에 쓸 수 있습니다. 우선순위: 옵션, 환경 변수, 설정 파일의 프로필(`recruit config set KEY VALUE`), 기본값 순입니다.
help-unknown-topic = '{ $topic }' 도움말이 없습니다. `options` 또는 다음 명령 중 하나를 쓰세요: { $known }
list-none = (없음)
list-showing-of = { $total }개 중 { $shown }개를 보여 줍니다. 모든 페이지는 --all, 더 적게는 --limit N
list-showing-first = 처음 { $shown }개를 보여 줍니다. 다음 페이지가 더 있습니다. 모든 페이지는 --all, 더 적게는 --limit N
list-fetching = { $items }개 항목, { $pages }페이지
list-fetching-pages = 페이지를 가져오는 중
candidate-not-found = 지원자 '{ $code }'을(를) 찾을 수 없습니다
form-not-found = 지원서 '{ $code }'을(를) 찾을 수 없습니다
confirm-no-terminal = 확인 없이 지우지 않습니다: 물어볼 터미널이 없습니다. 묻지 않고 지우려면 --yes를 붙이세요
confirm-cancelled = 취소했습니다. 아무것도 지우지 않았습니다
memo-content-empty = 메모 내용이 비어 있습니다. --content TEXT를 주세요(표준 입력에서 읽으려면 --content -)
memo-delete-question = 지원자 { $candidate }의 메모 { $id }을(를) 지울까요?
memo-delete-replies = 답글 { $count }개도 함께 지워집니다.
memo-deleted = 지원자 { $candidate }의 메모 { $id }을(를) 지웠습니다.
memo-deleted-no-body = 지원자 { $candidate }의 메모 { $id }을(를) 지웠습니다(서비스가 본문을 보내지 않았습니다).
memo-already = 지원자 { $candidate }의 메모 { $id }은(는) 이미 { $state ->
    [pinned] 고정되어
   *[unpinned] 고정 해제되어
} 있습니다. 바뀐 것이 없습니다.

http-auth = 서비스가 API 키를 거부했습니다: { $detail }. RECRUIT_API_KEY나 --profile을 확인하거나 `recruit auth login`을 실행하세요
http-rate-limited = 서비스의 요청 한도에 걸렸습니다{ $retried }: { $detail }. 잠시 뒤 다시 하거나 --retries를 늘리세요
http-failed = 서비스에 장애가 있습니다{ $retried }: { $detail }
http-rejected = 서비스가 요청을 거절했습니다: { $detail }
http-after-retries = { " " }({ $count }번 재시도 후)

export-reading-stdin = 표준 입력에서 지원자 코드를 한 줄에 하나씩 읽습니다(끝내려면 Ctrl-D)
export-nothing-to-resume = 이어서 할 것이 없습니다: { $out }은(는) 완료되었습니다({ $journal } 없음). 다시 내보내려면 --resume 없이 실행하세요
export-no-unfinished = 알림: { $out }(으)로 끝나지 않은 내보내기가 없습니다({ $journal } 없음). 처음부터 시작합니다
export-needs-candidates = --candidates FILE 또는 --stage S를 주세요
export-resume-needs-out = --resume에는 --out FILE이 필요합니다: 표준 출력으로 내보낸 것은 이어서 할 수 없습니다
export-interrupted = 중단됨
export-interrupted-again = 다시 중단됨: 바로 멈췄습니다
export-interrupted-resume = { $again }: 이어서 하려면 { $hint }
export-interrupted-incomplete = { $again }: 출력이 완전하지 않습니다
export-listed-failed-file = { " " }(코드는 --failed 파일에 있습니다)
export-listed-add-failed = { " " }(코드를 남기려면 --failed FILE을 붙이세요)
export-not-found-of = 지원자 { $total }명 중 { $count }명을 찾을 수 없습니다{ $listed }
export-failed-of = 지원자 { $total }명 중 { $count }명이 실패했습니다({ $kinds }){ $notfound }{ $listed }{ $tail }
export-failed-not-found = , { $count }명 없음
export-failed-tail = ; { $dest }은(는) 아직 완료되지 않았습니다: 지금까지 내보낸 기록은 .partial 파일에 있습니다. 실패한 지원자를 다시 시도해 완료하려면 { $hint }
export-kind-usage = 잘못된 입력
export-kind-auth = 인증
export-kind-rejected = 거절
export-kind-rate-limited = 요청 한도
export-kind-network = 네트워크
export-kind-not-found = 없음
export-kind-other = 기타
export-summary-done = 지원자 { $done }명을 내보냈습니다
export-summary-interrupted = 지원자 { $total }명 중 { $done }명에서 중단했습니다
export-summary-earlier = { " " }(이전 실행에서 { $count }명)
export-summary-records = , 기록 { $records }건 { $place }, { $secs }초 (요청 { $requests }번
export-summary-to = → { $dest }
export-summary-kept = → { $dest }.partial에 보관
export-summary-retries = , 재시도 { $count }번
export-summary-429 = , 429 응답 { $count }번
export-summary-lowered = : 동시 요청을 최대 { $lowest }개로 낮춤
export-list-not-found = 없음
export-list-failed = 실패({ $kinds })
export-list-more = , 그 밖에 { $count }개
export-forms-done = 공고 { $forms }개를 { $dest }(으)로 { $secs }초에 내보냈습니다(요청 { $requests }번)
export-forms-interrupted = 중단됨: { $line }. 출력이 완전하지 않습니다(--out 파일은 남기지 않습니다). 명령을 다시 실행하세요
export-forms-failed = 공고 { $count }개의 상세 정보를 읽지 못했습니다({ $kinds })
export-forms-not-found = 목록의 공고 { $count }개를 상세 정보를 읽을 때 찾을 수 없었습니다
export-not-found-line = 없음: { $code }
progress-records = 기록 { $records }건 · 초당 요청 { $rps }
progress-429 = { " " }· 429 응답 { $count }번
export-resume-hint = 같은 명령을 --resume을 붙여 다시 실행하세요: { $line }
memo-now = 지원자 { $candidate }의 메모 { $id }을(를) { $state ->
    [pinned] 고정했습니다
   *[unpinned] 고정 해제했습니다
}.

## 표: 머리글과 상세 항목 이름.

col-code = 코드
col-title = 제목
col-status = 상태
col-open = 공개
col-deadline = 마감
col-order = 순서
col-id = ID
col-kind = 종류
col-required = 필수
col-options = 선택지
col-pin = 고정
col-role = 역할
col-author = 작성자
col-created = 작성
col-content = 내용
col-form = 양식
col-submitted = 제출
col-answers = 답변 수
col-active = 활성
col-callback-url = 콜백 URL
col-events = 이벤트
col-name = 이름
col-stage = 전형 단계
col-job = 공고
col-applied = 지원일
col-eval = 평가
col-position = 직무
col-managers = 담당자
col-member = 평가자
col-result = 결과
col-score = 점수
col-comment = 의견
col-updated = 수정
col-question = 질문
col-answer = 답변
col-received = 받은 시각
col-action = 이벤트
col-attempts = 시도
col-target = 대상
col-last-error = 마지막 오류
label-active = 활성
label-applicant = 지원자
label-applied = 지원일
label-author = 작성자
label-benefits = 복리후생
label-birth = 생년월일
label-callback-url = 콜백 URL
label-candidate = 지원자
label-career = 경력
label-code = 코드
label-content = 내용
label-created = 작성
label-current = 현재 연봉
label-deadline = 마감
label-desired = 희망 연봉
label-duplicate = 중복 지원
label-education = 최종 학력
label-email = 이메일
label-employment = 고용 형태
label-evaluators = 평가자
label-expected-fee = 예상 수수료
label-experience = 경력 기간
label-expired = 마감됨
label-file = 파일
label-history = 이력
label-id = ID
label-introduction = 소개
label-job = 공고
label-job-deleted = 공고 삭제됨
label-kind = 종류
label-main-tasks = 주요 업무
label-mentions = 멘션
label-name = 이름
label-open = 공개
label-phone = 전화번호
label-photo = 사진
label-pinned = 고정
label-posting = 공고 주소
label-preferred = 우대 사항
label-privacy-consent = 개인정보 동의
label-provider = 제공자
label-reply-to = 답글 대상
label-requirements = 자격 요건
label-result = 결과
label-resume = 이력서
label-resume-required = 이력서 필수
label-role = 역할
label-round = 차수
label-schedule = 일정
label-schedule-code = 일정 코드
label-score = 점수
label-signing-key = 서명 키
label-stage = 전형 단계
label-stage-since = 단계 시작
label-status = 상태
label-title = 제목
label-updated = 수정
label-uri = URI
label-address = 주소
label-events = 이벤트

table-questions = 질문 ({ $count }개):
table-questions-no-ids = 알림: 이 질문들에는 ID가 없어 이름, 이메일, 전화번호, 이력서만 답할 수 있습니다(B 형식으로 지원).
table-duplicate-yes = 예 (이전에 지원한 적이 있는 지원자)
table-application-submitted = 지원서를 제출했습니다.
table-pinned-since = 예 ({ $at }부터)
table-all-events = (전체)
table-set = (설정됨)
table-months-years = { $months }개월 ({ $y }년 { $m }개월)
table-months = { $months }개월
table-history-duplicate = 이전에 지원함
table-history-duplicate-job = 이 공고에 이전에 지원함
table-history-reapply = 재지원
table-member-scores = 평가자별 점수 ({ $count }명):
table-until = { $at }까지
table-expired = (마감됨)
label-personal-data = 인적 사항
label-job-and-stage = 공고와 전형 단계
label-evaluation = 평가
label-salary = 연봉
table-scored = { $total }명 중 { $done }명 평가
retrying = { $wait } 뒤 다시 시도합니다({ $cause }), { $attempts }번 중 { $attempt }번째{ $until }
retry-at = , { $at }에
quota-wait = 알림: 서비스의 요청 한도({ $quota }) 때문에 { $wait } 기다립니다{ $until }
quota-until = , { $at }까지
auth-key-empty = API 키가 비어 있습니다
auth-not-checked = 알림: 서비스에서 확인하지 않았습니다: 프로필 '{ $profile }'에 아직 서비스 주소가 없습니다(`recruit config set base_url URL`로 설정하세요)
auth-stored = 프로필 '{ $profile }'의 API 키 { $key }을(를) { $path }에 저장했습니다(권한 0600).
auth-nothing-removed = 프로필 '{ $profile }'에 저장된 API 키가 없습니다. 바뀐 것이 없습니다.
config-set = 프로필 '{ $profile }'에 { $key } = { $value }을(를) 설정했습니다({ $path }).
config-removed = 프로필 '{ $profile }'에서 { $key }을(를) 지웠습니다.
config-not-set = 프로필 '{ $profile }'에 '{ $key }'이(가) 설정되어 있지 않습니다. 바뀐 것이 없습니다.
config-overridden = 알림: 지금 실행하는 명령에서는 { $source }이(가) 이 값을 대신합니다({ $key } = { $value })
config-redacted = (가림. 전체를 보려면 --reveal을 붙이세요)
export-no-limit = 내보내기는 항상 모든 기록을 내보내므로 --limit을 쓸 수 없습니다
export-no-table = 내보내기는 ndjson(기본값), csv, json으로 씁니다. 표(table)로는 내보낼 수 없습니다(-o와 RECRUIT_OUTPUT을 확인하세요)
export-no-jq-csv = --jq는 ndjson과 json 내보내기(기록 하나씩)에 씁니다. -o csv에서는 --fields로 열을 고르세요
export-fields-csv = --fields는 -o csv의 열을 고릅니다. ndjson이나 json에서는 --jq로 기록을 다듬으세요
apply-resume-needs-terminal = --resume은 마법사로 이어서 하므로 터미널이 필요합니다. 터미널이 없으면 --answers FILE로 완성된 답변 파일을 주세요(`recruit forms get { $code }`가 질문을 보여 줍니다)
apply-no-answers = 답변이 없습니다: --answers FILE을 주세요(JSON, --answers -는 표준 입력에서 읽음). `recruit forms get { $code }`가 질문을, `recruit forms apply --help`가 파일 형식을 보여 줍니다. --answers 없이 질문을 하나씩 물으려면 터미널이 필요합니다
apply-save-ignored = 주의: --save는 마법사용이므로 --answers와 함께 쓰면 무시합니다
apply-resume-not-stdin = --resume에는 표준 입력이 아니라 --save로 쓴 파일을 주세요
apply-deadline = { " " }(마감 { $deadline })
apply-expired = 주의: 지원서 { $code }은(는) 마감되었습니다{ $when }. 서비스가 지원을 거절할 수 있습니다
apply-not-open = 주의: 지원서 { $code }은(는) 공개되어 있지 않습니다. 서비스가 지원을 거절할 수 있습니다
api-key-flag-visible = 주의: 명령줄의 --api-key는 같은 컴퓨터의 다른 사용자에게 보입니다. RECRUIT_API_KEY나 `recruit auth login`을 쓰세요
sandbox-serving = 샌드박스: { $base }에서 서비스 중입니다. 멈추려면 Ctrl-C를 누르세요
sandbox-stopping = 샌드박스: 멈추는 중

## sync: 실행 요약, 상태, 삭제(purge), 미러 오류

sync-no-limit = --all과 --limit은 sync에 쓸 수 없습니다. sync는 언제나 모든 페이지를 읽습니다
sync-no-event-store = { $path }에 릴레이 이벤트 저장소가 없습니다. `recruit webhooks listen --store`가 만들어 줍니다(또는 --events FILE을 주세요)
sync-retries = , 재시도 { $count }번
sync-answered-429 = , 429 응답 { $count }번
sync-summary = { $status ->
        [interrupted] 중단됨:
        [incomplete] 멈춤:
       *[other] 동기화 완료:
    } 지원자 { $listed }명을 { $database }에 { $seconds }초 동안 동기화했습니다: 새로 { $new }명, 변경 { $changed }명, 삭제 { $deleted }명, 그대로 { $unchanged }명 (요청 { $requests }번{ $extra })
sync-fetched = 지원자 { $count }명의 메모와 제출된 양식을 가져왔습니다{ $because }. 공고 { $forms }개(상세 정보 { $details }개 읽음), 직무 { $jobs }개
sync-relay-events = 릴레이 이벤트: 지난 실행 뒤로 { $events }개, 표시한 지원자 { $marked }명
sync-purged-kept = 개인 정보를 삭제한 지원자 { $count }명은 그대로 둡니다(가져오지 않음)
sync-gone = 지원자 { $count }명은 메모를 읽을 때 이미 없었습니다(다음 실행에서 삭제로 표시합니다): { $codes }
sync-note = 참고: { $note }
sync-failed-line = 실패: { $code }: { $why }
sync-interrupted = 중단됨: 지금까지 가져온 지원자는 모두 미러에 있습니다. 마치려면 `recruit sync`를 다시 실행하세요(삭제로 표시한 것은 없습니다)
sync-records-failed = 가져올 기록 중 { $count }개를 읽지 못했습니다({ $codes }). 다음 실행에서 다시 가져옵니다
sync-form-without-code = 공고 목록에 코드 없는 공고가 있어 저장하지 않았습니다
sync-candidates-without-code = 지원자 목록에 코드 없는 지원자가 { $count }명 있어 저장하지 않았습니다
sync-count-disagrees = 지원자 목록은 { $total }명이라고 했지만 실제로 읽은 지원자는 { $walked }명입니다(읽는 동안 바뀌었거나 서비스가 잘못 셉니다). 이번 실행에서는 아무 지원자도 삭제로 표시하지 않았습니다
sync-forms-count-disagrees = 공고 목록은 { $total }개라고 했지만 실제로 읽은 공고는 { $walked }개입니다(읽는 동안 바뀌었거나 서비스가 잘못 셉니다). 이번 실행에서는 아무 공고도 삭제로 표시하지 않았습니다
sync-jobs-count-disagrees = 직무 목록은 { $total }개라고 했지만 실제로 읽은 직무는 { $walked }개입니다(읽는 동안 바뀌었거나 서비스가 잘못 셉니다). 이번 실행에서는 아무 직무도 삭제로 표시하지 않았습니다
sync-nul-replaced = 값 { $count }개에 데이터베이스가 저장할 수 없는 문자 U+0000이 있어 그 자리에 U+FFFD를 넣어 저장했습니다
sync-status-last-runs = 최근 실행:
sync-status-none-yet = 아직 없음
sync-status-run = { "  " }#{ $id } { $started } { $status }{ $full }: 목록 { $listed }, 새로 { $new }, 변경 { $changed }, 삭제 { $deleted }, 그대로 { $unchanged }, 가져옴 { $fetched }, 요청 { $requests }번
sync-status-seconds = , { $seconds }초
sync-status-rows = 행 수: { $rows }
sync-status-candidates = 지원자: 서비스에서 삭제됨 { $deleted }명, 개인 정보 삭제됨 { $purged }명, 아직 가져오지 않음 { $unfetched }명
sync-status-oldest = 가장 오래된 데이터: { $code }의 메모와 제출된 양식, { $at }에 가져옴
sync-status-oldest-none = 가장 오래된 데이터: 아직 가져온 메모나 제출된 양식이 없습니다
sync-status-last-walk = 지원자 목록을 마지막으로 모두 읽은 때: { $at }
sync-older-than-too-long = --older-than이 너무 깁니다
sync-purge-preview = { $dry_run ->
        [yes] 개인 정보를 삭제할 지원자:
       *[other] 삭제할 것 없음:
    } 전형 단계 { $stage }에서 { $before } 전에 단계가 바뀐 지원자 { $count }명
sync-purge-confirm = 전형 단계 { $stage }에서 { $before } 전에 단계가 바뀐 지원자 { $count }명의 개인 정보를 삭제할까요(메모와 제출된 양식도 지웁니다)?
sync-purged = 전형 단계 { $stage }의 지원자 { $count }명의 개인 정보를 삭제했습니다(메모 { $memos }개, 제출된 양식 { $submissions }개 삭제). purges 테이블에 기록했습니다
sync-purge-wal-busy = 테이블에서 개인 정보를 지웠지만, 다른 프로그램이 미러를 읽는 중이어서 이전 사본이 { $path }-wal에 남아 있습니다(30초 기다림). 그 프로그램(BI 도구, sqlite3)이 끝나거나 닫은 뒤 같은 `recruit sync purge`를 다시 실행하세요
sync-no-mirror = { $path }에 미러가 없습니다. `recruit sync`가 만들어 줍니다(또는 --db FILE을 주세요)
sync-not-sqlite = { $path }은(는) SQLite 데이터베이스가 아닙니다. 그대로 두었습니다: 다른 --db FILE을 주세요
sync-disk-full = { $path }이(가) 있는 디스크가 가득 찼습니다
sync-mirror-damaged = 미러 { $path }이(가) 손상되었습니다({ $error }). 다른 곳으로 옮기고 새 파일로 다시 동기화하세요
sync-mirror-locked = 다른 프로그램이 미러 { $path }을(를) 30초 동안 잠가 두었습니다({ $error }). 그 프로그램을 닫고 다시 시도하세요
sync-no-mirror-yet = { $db }에는 아직 미러가 없습니다. 먼저 `recruit sync`를 실행하세요(같은 --db로)
sync-no-postgres-in-build = { $db }: 이 recruit는 PostgreSQL 없이(`postgres` 기능 없이) 빌드되었습니다. --db에 SQLite 파일을 쓰거나 PostgreSQL이 들어간 빌드를 쓰세요
sync-busy = { $db }에서 다른 `recruit sync`가 실행 중입니다. 끝날 때까지 기다리세요(sync와 purge는 한 번에 하나만)
sync-not-pg-address = --db { $db }은(는) PostgreSQL 주소가 아닙니다: { $error }. 형식은 postgres://USER:PASSWORD@HOST:PORT/DATABASE 입니다
sync-pg-unreachable = { $db }에 연결할 수 없습니다: { $error }. --db(또는 RECRUIT_SYNC_DB)의 주소와 서버가 실행 중인지 확인하세요

## files upload

files-dry-run-then = 참고: 그다음 파일의 { $size }바이트를 서비스가 알려 주는 업로드 주소로 PUT합니다(API 키 없이)
files-cannot-read = '{ $path }'을(를) 읽을 수 없습니다
files-not-a-file = '{ $path }'은(는) 일반 파일이 아닙니다

## export: 출력 파일, 저널, 지원자 코드 파일

export-out-is-dir = --out { $out }은(는) 디렉터리입니다. 파일 이름을 주세요
export-out-no-dir = --out { $out }: 디렉터리 { $dir }이(가) 없습니다
export-unfinished-exists = { $out }(으)로 마치지 못한 내보내기가 있습니다({ $journal }). 이어서 하려면 --resume을 붙이고, 처음부터 하려면 { $partial }과(와) { $journal }을(를) 지우세요
export-resume-cannot-open = 이어서 할 수 없습니다: { $partial }을(를) 열 수 없습니다({ $error }). 처음부터 하려면 { $journal }을(를) 지우세요
export-resume-short = 이어서 할 수 없습니다: { $partial }은(는) { $len }바이트인데 저널은 { $offset }바이트를 확인했습니다. 그사이 바뀌었습니다. 처음부터 하려면 그 파일과 { $journal }을(를) 지우세요
export-not-resumable = --resume에는 일반 파일을 가리키는 --out이 필요합니다: { $out }은(는) 일반 파일이 아니어서(FIFO, 장치, 디스크립터) 바로 쓰므로 이어서 할 수 없습니다
export-partial-not-file = { $partial }이(가) 있는데 일반 파일이 아닙니다(심볼릭 링크?). recruit는 내보내기를 거기에 쓴 뒤 이름을 바꿉니다: 지우고 다시 실행하세요
export-out-locked = 다른 { $holder }이(가) 지금 { $out }에 쓰고 있습니다({ $lock } 잠김). 끝날 때까지 기다리거나 멈추세요
export-lock-replaced = { $lock }을(를) 잠글 수 없습니다: 계속 다른 파일로 바뀝니다
export-codes-stdin = 표준 입력의 지원자 코드
export-codes-file = 지원자 코드 파일 '{ $file }'
export-codes-two-words = { $what }, { $line }번째 줄: '{ $text }'은(는) 지원자 코드 하나가 아닙니다. 한 줄에 코드 하나씩 쓰세요
export-codes-control = { $what }, { $line }번째 줄: 코드에 제어 문자가 있습니다
export-codes-dot = { $what }, { $line }번째 줄: '{ $text }'은(는) 지원자 코드가 아닙니다
export-codes-none = { $what }에 지원자 코드가 없습니다(한 줄에 코드 하나, 빈 줄과 # 주석은 무시합니다)
journal-other-subject = 내보내는 대상이 { $want }이(가) 아니라 { $found }입니다
journal-other-format = 형식이 { $want }이(가) 아니라 { $found }입니다
journal-other-columns = CSV 열(--fields)이 다릅니다
journal-other-jq = --jq 식이 다릅니다
journal-codes-of-file = --candidates 파일의 코드
journal-other-candidates = 지원자 목록이 다릅니다(그때 코드 { $then }개, 지금 { $now }개, 또는 순서가 다름)
journal-damaged = 이어서 할 수 없습니다: { $journal }이(가) 손상되었습니다({ $why }). 처음부터 하려면 그 파일과 .partial 파일을 지우세요
journal-other-export = 이어서 할 수 없습니다: { $journal }은(는) 다른 내보내기의 것입니다: { $diffs }. 전과 같은 인수로 다시 실행하거나, 처음부터 하려면 그 파일과 .partial 파일을 지우세요
journal-locked = 다른 recruit 내보내기가 지금 이 출력에 쓰고 있습니다({ $journal } 잠김). 끝날 때까지 기다리세요

## webhooks events: 릴레이가 저장한 이벤트

events-none-match = 조건에 맞는 저장된 이벤트가 없습니다
events-no-target-yet = 아직 전달 대상 없음
events-per-target = { $target }: 대기 { $pending }개, 전달됨 { $delivered }개, 실패 { $failed }개
events-no-event-hint = { $store }에 이벤트 { $id }이(가) 없습니다. `recruit webhooks events list`로 id를 볼 수 있습니다
events-no-event = { $store }에 이벤트 { $id }이(가) 없습니다
events-show-title = 이벤트 { $id }
events-label-action = 동작
events-label-received = 받은 시각
events-label-status = 상태
events-label-attempts = 시도 횟수
events-label-target = 전달 대상
events-label-last-error = 마지막 오류
events-label-delivered = 전달 시각
events-label-payload = 페이로드:
events-no-target = 이벤트 { $id }은(는) 전달된 적이 없어 대상이 없습니다. --to URL을 주세요
events-replayed = { $ok ->
        [yes] 다시 보냄:
       *[other] 다시 보내지 못함:
    } 이벤트 { $id } → { $url }: { $what }
events-replays-failed = 다시 보내기 { $total }개 중 { $failed }개가 실패했습니다(위 목록 참고)
events-prune-future = --before { $before }은(는) 미래입니다: 지금부터 받는 이벤트를 지우게 됩니다. 지난 시각이나 30d 같은 기간을 주세요
events-prune-confirm = { $store }에서 { $before } 전에 받은 { $events }을(를) 지울까요?
events-would-delete = 지울 이벤트: { $events }
events-deleted = 지웠습니다: { $events }
events-kept-pending = { $before } 전에 받은 대기 중인 이벤트 { $count }개는 남겼습니다(아직 전달되지 않음, --include-pending을 주면 함께 지웁니다)
events-n-delivered = 전달됨 { $count }개
events-n-failed = 실패 { $count }개
events-n-pending = 대기 { $count }개
events-n = 이벤트 { $count }개({ $parts })

## webhooks: 지우기, listen, verify, trigger

warning-line = 경고: { $warning }
webhook-delete-confirm = 웹훅 { $code }을(를) 지울까요?
webhook-deleted-no-body = 웹훅 { $code }을(를) 지웠습니다(서비스가 본문 없이 응답했습니다).
webhook-deleted = 웹훅 { $code }을(를) 지웠습니다.
listen-bad-host = --host '{ $host }'은(는) IP 주소가 아닙니다(예: 127.0.0.1, ::1, 0.0.0.0)
listen-bad-forward = --forward '{ $spec }'은(는) ACTION=URL 형식이 아닙니다(예: candidate_pass=http://localhost:3000/hooks)
listen-unknown-event = 참고: --events '{ $event }'은(는) 서비스의 여섯 가지 동작이 아닙니다. 주어진 그대로 비교합니다
listen-bad-metrics-addr = --metrics-addr '{ $addr }'은(는) IP 주소로 된 HOST:PORT가 아닙니다(예: 127.0.0.1:9464)
verify-no-key = 서명 키가 없습니다: --signing-key KEY를 주거나, RECRUIT_SIGNING_KEY를 설정하거나, `recruit config set signing_key KEY`를 실행하세요
verify-invalid = 서명이 올바르지 않습니다: { $why }
verify-valid = 올바른 서명입니다({ $at }에 서명, { $ago })
trigger-sending = { $action } 보내는 중({ $bytes }바이트, { $signed }) → { $url }
trigger-unsigned = 서명 없음
trigger-signed-in = { $header }에 서명
trigger-delivered = { $count }번 시도해 전달했습니다(HTTP 200)
trigger-not-delivered = { $url }에 전달하지 못했습니다: { $count }번 시도 모두 실패, 마지막: { $last } (HTTP 200만 전달로 봅니다)
signing-key-empty = 서명 키가 비어 있습니다
bad-header-name = --header '{ $name }'은(는) 올바른 HTTP 헤더 이름이 아닙니다
payload-reading-stdin = 표준 입력에서 페이로드를 읽습니다(Ctrl-D로 끝내세요)
payload-cannot-read = 페이로드 파일 { $path }을(를) 읽을 수 없습니다

## webhooks listen: 사람이 읽는 로그(JSON 로그는 영어 그대로)

listen-sum-received = 받음 { $received }개, 수락 { $accepted }개
listen-sum-stored = 저장 { $count }개
listen-sum-store-failed = 저장하지 못해 503으로 응답 { $count }개
listen-sum-skipped = --events로 건너뜀 { $count }개
listen-sum-rejected = , 거부 { $count }개
listen-sum-relay = ; 전달 { $forwarded }개, 최종 실패 { $failed }개, 실패한 전달 시도 { $attempts }번
listen-sum-forwards-failed = , 실패한 전달 { $count }개
listen-stopped = 멈춤: { $summary }
listen-listening = http://{ $addr }에서 웹훅을 기다립니다(멈추려면 Ctrl-C)
listen-rerouted = 대기 중인 이벤트 { $count }개를 이 리스너의 전달 대상으로 돌렸습니다
listen-storing = 응답하기 전에 이벤트를 { $store }에 저장하고, 거기서 재시도하며 전달합니다
listen-metrics = 상태 확인과 지표: http://{ $addr }/healthz, http://{ $addr }/metrics
listen-not-loopback = 경고: 루프백이 아닌 주소에서 기다립니다. 이 주소에 닿는 누구나 이벤트를 보낼 수 있습니다
listen-no-key = 서명 키 없음: 모든 요청을 검증하지 않고 받습니다
listen-verifying = 서명 키 { $count }개로 { $header } 헤더를 검증합니다({ $tolerance ->
        [none] 시각 확인 없음
       *[other] 허용 오차 { $tolerance }초
    })
listen-only-events = 출력하고 전달하는 이벤트: { $events }
listen-forwarding-action = { $action } → { $url } 전달
listen-forwarding-rest = { $other ->
        [yes] 나머지 이벤트
       *[other] 이벤트
    } → { $url } 전달
listen-resigned = 전달할 때 { $header }에 새로 서명합니다(받은 값은 X-Recruit-Original-Signature에)
listen-stored = { "  " }이벤트 { $id }(으)로 저장

## api: 요청 그대로 보내기

api-bad-method = '{ $method }'은(는) HTTP 메서드가 아닙니다
api-bad-header = 헤더 '{ $header }'은(는) 'Name: value' 형식이어야 합니다
api-no-authorization = 키는 -H Authorization이 아니라 RECRUIT_API_KEY나 --api-key로 주세요
api-all-get-only = --all은 GET 목록의 페이지만 따라갑니다
events-no-store = { $store }에 이벤트 저장소가 없습니다. `recruit webhooks listen --store`가 만들어 줍니다(또는 --store FILE을 주세요)
listen-skipped = 건너뜀: { $has ->
        [yes] { $action }
       *[other] 동작이 없는 이벤트
    } (--events에 없음)
listen-store-failed = 오류: 이벤트를 저장하지 못했습니다({ $error }). 서비스가 다시 보내도록 503으로 응답했습니다
listen-answered-502 = 서비스가 이 이벤트를 나중에 다시 보내도록 502로 응답했습니다
listen-print-failed-503 = 오류: 이벤트를 표준 출력에 쓰지 못했습니다({ $error }). 서비스가 다시 보내도록 503으로 응답했습니다: 디스크 공간을 확보하거나 출력을 읽는 프로그램을 다시 시작하거나, --store 또는 --forward-to를 추가하세요
listen-audit-failed-503 = 오류: 이벤트를 접근 기록에 남기지 못했습니다({ $error }). 서비스가 다시 보내도록 503으로 응답했습니다: 접근 기록을 고치면(`recruit audit verify` 참고) 다음 전송부터 출력됩니다
listen-print-failed = 경고: 이벤트를 표준 출력에 쓰지 못했습니다({ $error }). 이벤트는 그래도 저장소나 전달 대상으로 갑니다
listen-printer-stopped = 출력 스레드가 멈췄습니다
listen-forwarded = { "  " }{ $url }(으)로 전달: { $outcome }
relay-forwarded = { "  " }이벤트 { $id }({ $what })을(를) { $url }(으)로 전달: { $outcome }
relay-failed = 경고: 이벤트 { $id }은(는) 끝내 전달하지 못했습니다({ $why }): { $error }. `recruit webhooks events replay { $id }`로 다시 보낼 수 있습니다
relay-retry = 경고: 이벤트 { $id }을(를) { $url }(으)로 전달하지 못했습니다({ $error }). { $attempt }번째 시도, 다음은 { $next } 뒤

## 미러의 스키마, 이벤트 저장소, trigger의 재시도 간격, listen의 지표

sync-meta-no-version = { $db }에 스키마 버전 없는 recruit_meta 테이블이 있습니다. 그대로 두었습니다: 다른 --db를 주세요
written-by-newer = { $file }은(는) 더 새로운 recruit가 썼습니다({ $what } { $version }, 이 버전은 { $known }까지 앎). 그대로 두었습니다: 그 버전의 recruit를 쓰거나 다른 { $flag }를 주세요
sync-schema-version = 미러 스키마
sync-not-a-mirror = { $db }은(는) SQLite 데이터베이스지만 recruit 미러가 아닙니다(`{ $table }` 테이블이 있음). 그대로 두었습니다: 다른 --db FILE을 주세요
sync-foreign-table = { $db }에 recruit가 만들지 않은 `{ $table }` 테이블이 이미 있습니다. 그대로 두었습니다: 미러만 쓰는 데이터베이스(또는 스키마, ?options=-csearch_path%3Dname)를 쓰세요
store-cannot-open = 이벤트 저장소 { $store }을(를) 열 수 없습니다: { $error }
store-taken = 다른 `recruit webhooks listen`이 이벤트 저장소 { $store }{ $same }을(를) 쓰고 있습니다. 먼저 그 리스너를 멈추거나 다른 --store FILE을 주세요
store-version = 이벤트 저장소 버전
store-not-a-store = { $store }은(는) SQLite 데이터베이스지만 recruit 이벤트 저장소가 아닙니다. 다른 --store FILE을 주세요
store-damaged = 이벤트 저장소 { $store }이(가) 손상되었습니다({ $why }). 그대로 두었습니다: 다른 곳으로 옮기거나(아직 읽을 수 있는 이벤트: `sqlite3 { $store } .recover`) 다른 --store FILE을 주세요
store-not-sqlite = { $store }은(는) 이벤트 저장소가 아닙니다(SQLite 데이터베이스가 아님). 그대로 두었습니다: 다른 --store FILE을 주세요
trigger-bad-delay = --retry-delays: '{ $part }'은(는) 초 단위 숫자가 아닙니다(예: 10,30,90,270 또는 0.05,0.05)
trigger-too-many-delays = --retry-delays: 간격은 많아야 { $most }개입니다(서비스는 첫 시도를 포함해 많아야 { $attempts }번 시도합니다). 받은 개수: { $got }
trigger-no-sample = '{ $action }'의 예시 이벤트가 없습니다: { $names } 중 하나를 쓰거나 --payload FILE로 본문을 주세요
listen-metrics-own-port = --metrics-addr { $addr }은(는) 리스너 자신의 포트입니다. 서비스가 이벤트를 보내는 곳에서는 지표를 내보내지 않습니다: 다른 포트를 고르세요
listen-metrics-cannot-serve = --metrics-addr { $addr }에서 지표를 내보낼 수 없습니다

## The argument parser's errors
clap-unknown-subcommand = 알 수 없는 하위 명령 '{ $value }'
clap-unknown-argument = 알 수 없는 인수 '{ $value }'
clap-missing = 다음 필수 인수가 없습니다:
clap-invalid-value = '{ $arg }'에 잘못된 값 '{ $value }'
clap-possible = 가능한 값: { $values }
clap-conflict = 인수 '{ $arg }'는 '{ $other }'와 함께 쓸 수 없습니다
clap-similar = 비슷한 것: { $names }
clap-usage = 사용법:
clap-more = 자세한 내용은 '--help'를 보세요.

## What a 404 names
evaluation-not-found = 평가 '{ $code }'을(를) 찾을 수 없습니다
interview-not-found = 면접 '{ $code }'을(를) 찾을 수 없습니다
webhook-not-found = 웹훅 '{ $code }'을(를) 찾을 수 없습니다
candidate-or-parent-not-found = 지원자 '{ $code }'(또는 답글을 달 메모)을(를) 찾을 수 없습니다
memo-not-found = 지원자 { $candidate }에게서 메모 { $id }을(를) 찾을 수 없습니다
clap-value-refused = '{ $arg }'에 잘못된 값 '{ $value }': { $reason }
clap-value-required = '{ $arg }'에 값이 필요하지만 주어지지 않았습니다
clap-used-twice = 인수 '{ $arg }'는 여러 번 쓸 수 없습니다
clap-conflict-others = 인수 '{ $arg }'는 함께 준 다른 인수와 같이 쓸 수 없습니다
clap-conflict-many = 인수 '{ $arg }'는 다음과 함께 쓸 수 없습니다:
clap-subcommand-conflict = 하위 명령 '{ $name }'은(는) 다음과 함께 쓸 수 없습니다:
clap-conflict-any = 함께 쓸 수 없는 인수가 있습니다
clap-no-equals = '{ $arg }'에 값을 줄 때는 등호(=)가 필요합니다
clap-missing-subcommand = '{ $name }'에는 하위 명령이 필요하지만 주어지지 않았습니다
clap-subcommands = 하위 명령: { $names }
clap-invalid-utf8 = 인수에 올바르지 않은 UTF-8이 있습니다
clap-too-many-values = '{ $arg }'에 예상하지 않은 값 '{ $value }': 더 받을 값이 없습니다
clap-too-few-values = '{ $arg }'에는 값이 { $want }개 필요하지만 { $got }개만 주어졌습니다
clap-wrong-number-of-values = '{ $arg }'에는 값이 { $want }개 필요하지만 { $got }개가 주어졌습니다
reason-number-empty = 숫자가 필요한데 비어 있습니다
reason-number-too-big = 숫자가 너무 큽니다
reason-not-a-whole-number = 정수가 아닙니다 (예: 8)
reason-not-a-number = 숫자가 아닙니다 (예: 2 또는 0.5)
reason-out-of-range = { $value }은(는) { $range } 범위 밖입니다
reason-not-a-duration = '{ $value }'은(는) 기간이 아닙니다 (예: 90s, 30m, 12h, 7d)
reason-duration-unit = '{ $value }': 알 수 없는 단위 '{ $unit }' (s, m, h, d, w 중 하나를 쓰세요)
reason-duration-range = '{ $value }'은(는) 범위 밖입니다 (0보다 크고 100년 이하)
reason-not-a-time = '{ $value }'은(는) 시각이 아닙니다: 2026-11-01, 2026-11-01T09:00:00Z 또는 12h, 7d 같은 경과 시간을 쓰세요
reason-memo-id = 메모 id는 101 같은 정수여야 합니다 (memos list가 보여 줍니다). 받은 값: '{ $value }'

## Settings: config set/get and the values of flags, variables and the profile.
setting-unknown = 알 수 없는 설정 '{ $name }'. 다음 중 하나를 쓰세요: { $names }
setting-invalid = '{ $value }'은(는) { $key }에 맞지 않는 값입니다. 허용되는 값: { $allowed }
setting-no-value = 설정 { $key }에 값이 없습니다
setting-bad-given = { $given }에 잘못된 값 { $value }. 허용되는 값: { $allowed }
setting-bad-profile = 프로필 '{ $profile }'의 { $key } = '{ $value }'이(가) 잘못되었습니다. 허용되는 값: { $allowed } (`recruit config set { $key } VALUE`로 고치세요)
setting-bad-value = { $key } = '{ $value }'은(는) 잘못된 값입니다. 허용되는 값: { $allowed }
allowed-timeout = 86400 이하의 양의 초 수
allowed-seconds = 초 단위 숫자
allowed-whole-number = 정수
allowed-rate-range = 0.01에서 1000000 사이의 초당 요청 수(예: 20)
allowed-rate = 초당 요청 수(예: 20)
allowed-wait-range = 0에서 86400 사이의 초 수(예: 60)
allowed-wait = 초 단위 숫자(예: 60)
allowed-base-url = https://api.example.com/v1 같은 http(s) URL
allowed-non-empty = 비어 있지 않은 값
allowed-output = table, json, ndjson, csv 중 하나
allowed-variant = a 또는 b
allowed-lang = en 또는 ko
source-flag = 옵션 { $name }
source-env = 환경 변수 { $name }
source-profile = 설정 파일
source-default = 기본값
source-policy = 정책 파일
config-get-not-set = { $path }의 프로필 '{ $profile }'에 '{ $key }'이(가) 설정되어 있지 않습니다
config-get-not-set-in-effect = { $path }의 프로필 '{ $profile }'에 '{ $key }'이(가) 설정되어 있지 않습니다. 지금 실행하는 명령은 { $source }의 { $value }을(를) 씁니다

## Local input: files and standard input a command reads ($what is one of the what-* nouns).
input-cannot-read = { $what }을(를) 읽을 수 없습니다
input-too-big = { $what }이(가) 로컬 입력 한도 { $mib } MiB를 넘습니다. 올바른 파일이나 파이프를 주었는지 확인하세요
input-from-stdin = 표준 입력의 { $what }
input-named-file = { $what } '{ $path }'
input-not-utf8 = { $what }이(가) UTF-8 텍스트가 아닙니다
input-not-json = { $what }이(가) 올바른 JSON이 아닙니다: { $line }번째 줄 { $column }번째 칸, { $error }
what-request-body = 요청 본문
what-answers-file = 답변 파일
what-saved-answers = 저장된 답변
what-saved-answers-at = 저장된 답변 { $path }
apply-interrupted-sending = 보내는 도중 중단되었습니다. 서비스가 지원서를 받았을 수도, 받지 않았을 수도 있습니다
what-payload-stdin = 표준 입력의 페이로드
what-payload-file = 페이로드 파일 { $path }
what-key-stdin = 표준 입력의 키
what-candidates-file = 지원자 파일
what-field-file = 필드 파일
what-memo-content = 메모 내용

## Files: what could not be done to a file, then the cause (the system's words in English).
file-cannot-create = { $path }을(를) 만들 수 없습니다
file-cannot-open = { $path }을(를) 열 수 없습니다
file-cannot-read = { $path }을(를) 읽을 수 없습니다
file-cannot-write = { $path }에 쓸 수 없습니다
file-cannot-write-in = { $path } 안에 쓸 수 없습니다
file-cannot-truncate = { $path }을(를) 자를 수 없습니다
file-cannot-lock = { $path }을(를) 잠글 수 없습니다
file-cannot-remove = { $path }을(를) 지울 수 없습니다
file-cannot-write-to = { $what }에 쓸 수 없습니다
file-cannot-rename = { $from }의 이름을 { $to }(으)로 바꿀 수 없습니다
file-cannot-create-dir = { $what }을(를) 둘 디렉터리 { $dir }을(를) 만들 수 없습니다
file-cannot-spill = 큰 지원자를 위한 임시 파일을 쓸 수 없습니다
file-cannot-write-failed = --failed { $path }에 쓸 수 없습니다
file-cannot-read-config = 설정 파일 { $path }을(를) 읽을 수 없습니다
word-stdout = 표준 출력
stdout-not-open = recruit가 시작될 때 닫혀 있었습니다(`>&-`처럼). 파일로 보내거나, 출력을 버리려면 /dev/null로 보내세요
io-not-found = 파일이나 디렉터리가 없습니다
io-permission-denied = 권한이 없습니다
io-already-exists = 파일이 이미 있습니다
io-is-a-directory = 디렉터리입니다
io-not-a-directory = 디렉터리가 아닙니다
io-storage-full = 디스크 공간이 없습니다
io-read-only = 읽기 전용 파일 시스템입니다
io-invalid-data = 데이터가 올바르지 않습니다
io-would-block = 파일을 다른 곳에서 쓰고 있습니다
file-cannot-create-what = { $what } { $path }을(를) 만들 수 없습니다
what-event-store = 이벤트 저장소
what-mirror = 미러

## webhooks listen: why a request was refused (the answer and the JSON log keep the English).
listen-only-post = POST만 받습니다
listen-body-too-large = 본문이 { $most }바이트보다 큽니다
listen-bad-body = 본문을 읽을 수 없습니다: { $error }
listen-expected-header = ({ $header } 헤더가 필요합니다)
listen-rejected = { $method } { $path } 거부: { $reason } ({ $status }(으)로 응답)
sig-missing-header = 서명 헤더가 없습니다
sig-malformed = 서명 헤더의 형식이 잘못되었습니다: { $why }
sig-no-match = 맞는 서명이 없습니다 (v1 서명 { $signatures }개를 키 { $keys }개와 대조함. 키가 틀렸거나 본문이 바뀌었습니다)
sig-too-old = 너무 오래되었습니다: { $by } 전에 서명되어 허용 범위 { $tolerance }을(를) { $beyond } 넘었습니다
sig-in-future = 타임스탬프가 미래입니다: 이 시계보다 { $by } 앞서 허용 범위 { $tolerance }을(를) { $beyond } 넘었습니다
sig-empty = 헤더가 비어 있습니다
sig-not-text = 헤더가 평범한 ASCII 텍스트가 아닙니다
sig-not-key-value = 요소 '{ $part }'이(가) key=value 형식이 아닙니다
sig-no-timestamp = t=<유닉스 타임스탬프> 요소가 없습니다
sig-two-timestamps = t= 요소가 둘 이상입니다
sig-bad-timestamp = t='{ $value }'은(는) 초 단위 유닉스 타임스탬프가 아닙니다
sig-no-signature = v1=<16진수 서명> 요소가 없습니다
sig-bad-signature = v1 서명 #{ $index } '{ $value }'이(가) 16진수 64자리가 아닙니다

## Rare internal failures: the mirror's thread, PostgreSQL, stored records, tasks that stopped.
mirror-thread-start = 미러 스레드를 시작할 수 없습니다
mirror-thread-stopped-opening = 미러를 여는 중에 미러 스레드가 멈췄습니다
mirror-thread-stopped = 미러 스레드가 멈췄습니다
mirror-thread-stopped-call = 작업 중에 미러 스레드가 멈췄습니다
mirror-run-no-id = 미러가 새 실행에 id를 주지 않았습니다
pg-failed = { $db }에서 오류가 났습니다(서버의 메시지): { $error }
record-not-json = { $what }이(가) 올바른 JSON이 아닙니다: { $error }
record-candidate = 지원자 목록의 지원자
record-submission = 제출된 지원서
record-answer = 제출된 지원서의 답변
record-form = 지원서 목록의 지원서
record-job = 공고 목록의 공고
listen-cannot-bind = { $addr }에서 들을 수 없습니다
listen-no-bound-address = 바인딩된 주소를 읽을 수 없습니다
listen-task-stopped = 리스너가 멈췄습니다
store-read-stopped = 저장소 읽기가 멈췄습니다
store-writer-start = 이벤트 저장소의 쓰기 스레드를 시작할 수 없습니다
store-writer-stopped = 이벤트 저장소의 쓰기 스레드가 멈췄습니다
http-client-build = HTTP 클라이언트를 만들 수 없습니다
export-writer-stopped = 내보내기의 쓰기 작업이 멈췄습니다
export-forms-stopped = 지원서 목록 읽기가 멈췄습니다

## sync: the status table's words for a run's status, and Ctrl-C.
sync-status-database = { $db } (스키마 { $version })
run-status-running = 실행 중
run-status-complete = 완료
run-status-partial = 일부 실패
run-status-incomplete = 미완료
run-status-interrupted = 중단됨
run-status-killed = 비정상 종료
run-status-failed = 실패
sync-stopping = 중단: 멈추는 중입니다. 가져온 것은 남고, 다음 실행이 나머지를 마칩니다 (바로 끝내려면 Ctrl-C를 한 번 더)
sync-quitting = 다시 중단: 지금 끝냅니다 (저장된 지원자는 모두 남습니다)
sync-quit = 중단되었습니다. 다음 `recruit sync`가 나머지를 마칩니다

## The network, the base URL, headers, uploads and a few usage checks.
net-timed-out = { $target }에 보낸 요청의 시간이 초과되었습니다 (서비스가 느리면 --timeout을 늘리세요)
net-cannot-connect = { $target }에 연결할 수 없습니다: { $cause }
net-redirect-failed = { $target }에 보낸 요청의 리디렉션이 실패했습니다: { $cause }
net-failed = { $target }에 보낸 요청이 실패했습니다: { $cause }
base-url-scheme = 기본 URL '{ $url }'은(는) https://(로컬 서버라면 http://)로 시작해야 합니다
base-url-no-host = 기본 URL '{ $url }'에 호스트가 없습니다
base-url-credentials = 기본 URL에 사용자 이름이나 비밀번호(user:pass@host)가 있습니다. 지우세요: 자격 증명은 API 키뿐입니다
header-name-invalid = '{ $name }'은(는) 올바른 헤더 이름이 아닙니다
header-value-invalid = 헤더 '{ $name }'의 값이 올바르지 않습니다
upload-no-file-name = '{ $path }'에 파일 이름이 없습니다
upload-failed = { $target }(으)로 업로드하지 못했습니다: { $why }
upload-timed-out = 시간 초과
upload-cannot-connect = 연결할 수 없음
limit-at-least-one = --limit은(는) 1 이상이어야 합니다
sandbox-key-empty = --key는 비어 있으면 안 됩니다
field-not-key-value = 필드 '{ $field }'은(는) key=value 형식이어야 합니다
field-empty-key = 필드 '{ $field }'의 키가 비어 있습니다
sync-relay-read-stopped = 릴레이의 이벤트 읽기가 멈췄습니다
spill-stopped = 임시 파일 쓰기가 멈췄습니다

## serde_json's reasons for a syntax error (English keeps serde_json's own words).
json-eof = 끝나기 전에 파일이 끝났습니다
json-expected-value = 값이 있어야 합니다
json-expected-colon = `:`이 있어야 합니다
json-expected-comma = `,`나 닫는 괄호가 있어야 합니다
json-key-not-string = 키는 문자열이어야 합니다
json-trailing-comma = 마지막 쉼표가 남았습니다
json-trailing-characters = 끝에 남은 문자가 있습니다
json-bad-number = 잘못된 숫자입니다
json-bad-escape = 잘못된 이스케이프입니다
json-control-character = 문자열 안에 제어 문자가 있습니다
trigger-payload-not-json = 페이로드 파일 { $name }이(가) 올바른 JSON이 아닙니다
http-wrong-base-url = 서비스가 { $path }에 404 Not Found로 응답했습니다: 기본 URL { $base }이(가) 잘못되었을 수 있습니다(API 루트여야 합니다. 예: https://api.example.com/v1; --base-url, RECRUIT_BASE_URL 또는 프로필의 base_url을 확인하세요)
http-redirected = 서비스가 다른 출처인 { $location }(으)로 리디렉션했습니다(HTTP { $status }). API 키가 그곳으로 전송되지 않도록 따라가지 않았습니다
pacer-at = { $at }에
pacer-far-future = 아주 먼 미래에
pacer-wait-over-max = 서비스의 요청 한도({ $quota })로 다음 요청은 { $when }, { $wait } 뒤에야 보낼 수 있습니다: --max-wait { $max }초보다 깁니다. 그때 다시 시도하거나 --max-wait를 늘리세요
sandbox-candidate-not-found = 지원자 '{ $code }'을(를) 찾을 수 없습니다({ $origin }이(가) recruit 샌드박스가 아닐 수도 있습니다)
sync-mirror-error = 미러 { $path }: { $error }
record-memo = 메모
record-memo-reply = 메모의 답글
mcp-not-built = 이 recruit는 MCP 서버 없이(`mcp` 기능 없이) 빌드되었습니다. 기본 기능으로 빌드한 recruit를 쓰세요
key-command-cannot-run = api_key_command '{ $command }'을(를) 실행할 수 없습니다
config-not-toml = 설정 파일 { $path }이(가) { $line }행 { $column }열에서 올바른 TOML이 아닙니다: { $why }; 고치거나 지우세요
export-form-no-resource = 지원서 '{ $code }'의 상세 응답에 `resource` 객체가 없습니다
export-candidate-no-resource = 지원자 '{ $code }'의 상세 응답에 `resource` 객체가 없습니다
export-no-collection = { $path }의 응답에 `collection` 배열이 없습니다; `recruit api GET { $path }`로 확인하세요
export-unexpected-shape = { $path }의 응답 형태가 예상과 다릅니다: { $why }
codes-file-line-problem = { $what }, { $line }행: { $why }
jq-invalid = 잘못된 --jq 식 '{ $expr }': { $why }
jq-failed = --jq 실패: { $why }
fields-no-such-field = --fields: 여기에 '{ $field }' 필드가 없습니다; 필드: { $fields } (중첩된 필드는 a.b)
sandbox-port-in-use = 127.0.0.1의 포트 { $port }은(는) 이미 사용 중입니다; --port P로 다른 포트를 고르세요 (0이면 빈 포트)
sandbox-port-denied = 포트 { $port }에서 대기할 권한이 없습니다; --port P로 1023보다 큰 포트를 고르세요
sandbox-cannot-start = 샌드박스를 시작할 수 없습니다
apply-save-no-directory = --save { $path }: 디렉터리 { $dir }이(가) 없습니다
apply-save-is-directory = --save { $path }: 디렉터리입니다
auth-key-not-stored = 키를 저장하지 않았습니다
ca-cannot-read-named = CA 파일 '{ $path }'을(를) 읽을 수 없습니다 (--ca-cert / RECRUIT_CA_CERT / ca_cert)
ca-cannot-read = CA 파일 '{ $path }'을(를) 읽을 수 없습니다
ca-not-a-file = CA 파일 '{ $path }'은(는) 일반 파일이 아닙니다; 인증서가 든 PEM 파일을 주세요
ca-too-large = CA 파일 '{ $path }'이(가) { $mib } MiB를 넘습니다; 인증서가 든 PEM 파일을 주세요
ca-not-pem = CA 파일 '{ $path }'이(가) 올바른 PEM이 아닙니다: { $why }; 인증 기관의 인증서를 PEM 형식으로 주세요 (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)
ca-no-certificate = CA 파일 '{ $path }'에 PEM 인증서가 없습니다 (-----BEGIN CERTIFICATE-----)
ca-unusable = CA 파일 '{ $path }'에 인증 기관으로 쓸 수 없는 인증서가 있습니다: { $why }
path-segment-unusable = '{ $value }'은(는) URL 경로의 코드나 ID로 쓸 수 없습니다; 값을 확인하세요
path-not-a-url = '{ $path }'은(는) 올바른 URL이 아닙니다
path-other-origin = '{ $path }'은(는) 기본 URL { $base }과(와) 다른 출처에 있습니다; API 키는 기본 URL의 출처에만 보냅니다
path-not-valid = '{ $path }'은(는) 올바른 경로가 아닙니다
code-too-long = '{ $start }…'({ $bytes }바이트)은(는) 코드나 ID로 쓰기에 너무 깁니다 (최대 { $max }바이트); 값을 확인하세요
answer-unexpected-shape = { $path }에서 온 서비스의 응답 형태가 예상과 다릅니다: { $why }; 받은 그대로 보려면 -o json을 쓰세요
http-local-unencrypted = API 키가 암호화되지 않은 http로 { $host }에 전송됩니다 (로컬 네트워크 밖에서는 https://를 쓰세요)
http-refused = API 키를 평문 http로 { $host }에 보내지 않습니다: https:// 기본 URL을 쓰세요 (정말 원하면 --insecure-http를 주세요)
answer-too-large-sized = { $path }의 응답이 { $bytes }바이트로 한도 { $mib } MiB를 넘습니다
answer-too-large = { $path }의 응답이 한도 { $mib } MiB를 넘습니다
answer-empty-body = 서비스가 HTTP { $status }로 답했지만 JSON이 와야 할 본문이 비어 있습니다
json-ends-early = 중간에 끝납니다 ({ $line }행 { $column }열에서 잘림)
answer-not-json = 서비스가 HTTP { $status }로 올바른 JSON이 아닌 본문을 보냈습니다 ({ $content_type }): { $why }; 시작 부분: { $start }
base-url-invalid = 기본 URL '{ $url }'은(는) 올바른 URL이 아닙니다 ({ $why }); 예: https://api.example.com/v1
walk-token-repeated = 서비스가 페이지 토큰 '{ $token }'을(를) 두 번 주었습니다; 끝없이 돌지 않도록 목록 읽기를 멈춥니다
walk-too-many-pages = 서비스가 total_count보다 많은 페이지를 계속 가리킵니다 ({ $pages }페이지 읽음); 끝없이 돌지 않도록 목록 읽기를 멈춥니다
walk-empty-pages = 서비스가 다음 페이지를 가리키는 빈 페이지를 { $pages }번 연달아 보냈습니다; 끝없이 돌지 않도록 목록 읽기를 멈춥니다
walk-stopped-after-printing = { $why } (지금까지의 항목은 출력했습니다)
walk-next-not-a-url = 서비스가 준 다음 페이지 주소 '{ $address }'은(는) URL이 아닙니다: { $why }
walk-next-other-origin = 다음 페이지가 다른 출처({ $origin })에 있고 page_token이 없습니다; API 키가 그곳에 가지 않도록 멈춥니다
memo-parent-role-unknown = 지원자 { $candidate }의 메모 { $id }의 역할 '{ $role }'은(는) { $roles } 중 하나가 아닙니다; --role로 답글의 역할을 주세요
memo-still-not-pinned = 지원자 { $candidate }의 메모 { $id }이(가) 두 번 바꾼 뒤에도 고정되지 않았습니다; 다른 누군가가 바꾸고 있습니다
memo-still-not-unpinned = 지원자 { $candidate }의 메모 { $id }이(가) 두 번 바꾼 뒤에도 고정 해제되지 않았습니다; 다른 누군가가 바꾸고 있습니다
url-not-a-url = { $what } '{ $value }'은(는) URL이 아닙니다 ({ $why }): http:// 또는 https:// 주소여야 합니다
url-not-http = { $what } '{ $value }'은(는) http:// 또는 https:// 주소여야 합니다
webhook-callback-required = { $name }이(가) 필요합니다: 서비스가 이벤트를 POST할 주소
webhook-event-unknown = '{ $event }'은(는) 문서에 있는 이벤트({ $events })가 아닙니다; 그대로 보냅니다
delivery-refused-times = 앱이 { $times }번 거절했습니다
delivery-only-200 = 200만 전달로 칩니다; 남은 재시도가 없습니다
delivery-no-retries = 남은 재시도가 없습니다
delivery-too-old = { $attempts }번 시도한 뒤 --max-age보다 오래되었습니다
http-not-found = 찾을 수 없습니다: { $detail }
retry-try-after = ; { $time } 이후에 다시 시도하세요
retry-too-far = ; 기다리기에는 너무 먼 미래입니다
retry-until = { $time }까지
retry-after-too-long = 서비스가 다시 시도하기 전에 { $asked } 기다리라고 했습니다 (HTTP { $status }, Retry-After: { $sent }). --max-wait { $max }보다 깁니다{ $when }. 또는 --max-wait를 늘리세요
upload-presign-incomplete = 서비스의 presign 응답에 presigned_url이나 file_url이 없습니다: { $answer }
word-presigned-url = 서비스의 presigned_url
store-same-file = {" "}(파일 { $file })
store-no-events-table = events 테이블이 없습니다
store-disk-full = 이벤트 저장소 { $store }이(가) 있는 디스크가 가득 찼습니다
store-corrupt = 이벤트 저장소 { $store }이(가) 손상되었습니다: { $why }
store-failed = 이벤트 저장소 { $store }: { $why }
store-event-unreadable = 이벤트 { $id }은(는) 커밋되었지만 다시 읽히지 않습니다
store-not-sqlite-db = { $store }은(는) 이벤트 저장소가 아닙니다 (SQLite 데이터베이스가 아님); 다른 --store FILE을 주세요
pem-ends-early = -----END { $marker }----- 줄 전에 끝납니다 (파일이 잘렸거나 불완전합니다)
pem-bad-section-start = 구역을 시작하는 줄이 잘못되었습니다: { $line }
pem-not-base64 = 표시 사이의 텍스트가 올바른 base64가 아닙니다 ({ $why })
pem-cannot-read = 읽을 수 없습니다 ({ $why })
pem-no-certificate = 인증서가 없습니다
pem-section-too-large = 한 구역이 256 MB를 넘습니다
cert-bad-encoding = 올바른 형식의 X.509 인증서가 아닙니다
cert-self-signed = 자체 서명되었습니다
cert-ca-as-server = 인증 기관의 인증서를 서버 자신의 인증서로 쓰고 있습니다
cert-server-as-ca = 서버의 인증서가 다른 인증서의 인증 기관으로 쓰였습니다
cert-unknown-critical-extension = 이 클라이언트가 모르는 중요(critical) 확장이 있습니다
cert-chain-too-long = 인증서 체인이 그 안의 인증 기관이 허용하는 것보다 깁니다
cert-name-constraint = 인증 기관이 발급할 수 없는 호스트를 가리킵니다
tls-unknown-issuer = { $target }의 인증서는 알 수 없는 인증 기관이 서명했습니다; 네트워크가 자체 CA를 쓴다면 --ca-cert FILE(또는 RECRUIT_CA_CERT)로 주세요
tls-expired = { $target }의 인증서가 만료되었습니다 (또는 이 컴퓨터의 시계가 틀렸습니다); 서버 관리자에게 갱신을 요청하세요
tls-not-valid-yet = { $target }의 인증서는 아직 유효하지 않습니다; 이 컴퓨터의 시계를 확인하세요
tls-wrong-name = { $target }의 인증서는 그 호스트 이름에 유효하지 않습니다; URL의 호스트를 확인하세요 (인증서는 다른 이름을 가리킵니다)
tls-revoked = { $target }의 인증서가 폐기되었습니다
tls-self-signed = { $target }의 인증서는 자체 서명되어 보증하는 인증 기관이 없습니다; 이 서버를 믿는다면 그 인증서를 --ca-cert FILE(또는 RECRUIT_CA_CERT)로 주세요
tls-ca-as-server = { $target }의 서버가 인증 기관의 인증서를 자기 것으로 내밉니다; 그 기관이 호스트 이름에 맞게 발급한 서버 인증서를 내야 합니다
tls-not-for-servers = { $target }의 인증서는 서버용이 아닙니다 (확장 키 용도가 허용하지 않습니다)
tls-rejected = { $target }의 인증서가 거부되었습니다: { $why }; 네트워크가 자체 CA를 쓴다면 --ca-cert FILE(또는 RECRUIT_CA_CERT)로 주세요
tls-not-tls = { $target }의 서버는 TLS를 쓰지 않습니다; http://를 뜻했나요?
tls-failed = { $target }와(과)의 TLS 핸드셰이크에 실패했습니다: { $why }
upload-client-build = 업로드 클라이언트를 만들 수 없습니다
key-not-header-safe = API 키에 HTTP 헤더에 쓸 수 없는 문자가 있습니다
stdout-closed = 표준 출력을 읽던 쪽이 닫았습니다
auth-profile = 프로필 '{ $profile }'
auth-profile-unreachable = 프로필 '{ $profile }'은(는) 서비스에 연결할 수 없습니다
pace-report = { $why ->
    [estimated] 429 응답에 맞춰
    [headers] 서비스의 요청 한도 헤더에 맞춰
   *[max-rate] --max-rate에 맞춰
} 초당 { $rate }건으로 조절함
pace-first = 속도: 초당 { $rate }건 ({ $how })
pace-first-429 = 첫 429: { $seconds }초 동안 { $accepted }건 수락, { $in_flight }건 응답 대기 중; 추정값이며 다음 429까지 늘려 갑니다
pace-429-again-measured = 다시 429: 앞선 429 이후 { $seconds }초 동안 보낸 요청 중 { $accepted }건 수락
pace-429-again = 다시 429
pace-changed = 속도: 초당 { $from }건 -> { $to }건 ({ $how })
webhook-nothing-to-change = 바꿀 것이 없습니다: { $by ->
    [flags] --callback-url, --signing-key, --event, --active, --inactive 또는 -f key=value를 주세요
   *[arguments] callback_url, signing_key, events, active 중 하나 이상을 주세요
}
mcp-unknown-tool = '{ $name }'이라는 도구는 없습니다
mcp-needs-access = { $name }에는 --access { $needs }가 필요합니다(이 서버는 --access { $has }로 실행 중); 사용자가 `recruit mcp --access { $needs }`로 다시 시작할 수 있습니다
mcp-no-such-argument = { $name }에는 '{ $extra }' 인자가 없습니다; { $count ->
    [0] 인자를 받지 않습니다
   *[other] 인자는 { $valid }입니다
}
mcp-arg-empty = 인자 '{ $name }'이(가) 비어 있습니다
mcp-arg-not-string = 인자 '{ $name }'은(는) 문자열이어야 합니다(받은 값: { $value })
mcp-arg-required = 인자 '{ $name }'이(가) 필요합니다
mcp-arg-not-whole-from = 인자 '{ $name }'은(는) { $min } 이상의 정수여야 합니다(받은 값: { $value })
mcp-arg-not-whole-in = 인자 '{ $name }'은(는) { $min }부터 { $max }까지의 정수여야 합니다(받은 값: { $value })
mcp-arg-not-bool = 인자 '{ $name }'은(는) true 또는 false여야 합니다(받은 값: { $value })
mcp-arg-not-strings = 인자 '{ $name }'은(는) 비어 있지 않은 문자열의 목록이어야 합니다
mcp-arg-not-list = 인자 '{ $name }'은(는) 목록이어야 합니다(받은 값: { $value })
mcp-arg-not-one-of = { $name } '{ $value }'은(는) { $names } 중 하나가 아닙니다
mcp-variant-not-a-or-b = variant '{ $value }'은(는) A나 B가 아닙니다
mcp-dry-run-already = 시험 실행: 지원자 { $candidate }의 메모 { $id }은(는) 이미 { $state ->
    [pinned] 고정되어
   *[unpinned] 고정 해제되어
} 있습니다; 아무것도 보내지 않습니다
mcp-dry-run-variant = 시험 실행: 아무것도 보내지 않았습니다; 본문은 요청 방식 { $variant }입니다
mcp-dry-run-key-masked = 시험 실행: 아무것도 보내지 않았습니다(서명 키는 여기서만 가리고, 보낼 때는 주어진 그대로 보냅니다)
dry-run-nothing-sent = 시험 실행: 아무것도 보내지 않았습니다
mcp-no-resource = '{ $uri }'이라는 리소스는 없습니다: 양식은 recruit://forms/{"{"}code{"}"}입니다(예: recruit://forms/FORM-1001)
mcp-no-prompt = '{ $name }'이라는 프롬프트는 없습니다; 프롬프트는 { $names }입니다
mcp-prompt-needs = 프롬프트 '{ $name }'에는 인자 '{ $arg }'이(가) 필요합니다
auth-no-terminal = 키를 물어볼 터미널이 없습니다: 파이프로 넘겨 주세요(`... | recruit auth login --with-token`)
auth-key-prompt = API 키
auth-cannot-read-key = 키를 읽을 수 없습니다
auth-built-in-sandbox = (내장 샌드박스)
auth-what-key = API 키(RECRUIT_API_KEY를 설정하거나 `recruit auth login`을 실행하세요)
auth-what-base-url = 기본 URL(--base-url을 주거나 `recruit config set base_url URL`을 실행하세요)
auth-missing = { $what } 없음
auth-not-set = 설정되지 않음: { $what }
auth-not-set-value = (설정되지 않음)
auth-works-yes = 예
auth-works-no = 아니요: { $problem }
auth-status-table = 프로필:    { $profile }
    기본 URL:  { $base_url }
    API 키:    { $key }
    키 작동:   { $works }
config-readable-by-others = 설정 파일 { $path }을(를) 다른 사용자가 읽을 수 있습니다(모드 { $mode }); 실행하세요: chmod 600 { $path }
uploading = { $name } 올리는 중
note-line = 참고: { $note }
mcp-unconfigured = 서비스 주소도 API 키도 없습니다: `recruit config set base_url URL`과 `recruit auth login`을 실행하거나, 서버의 "env"에 RECRUIT_BASE_URL과 RECRUIT_API_KEY를 설정하세요; 계정 없이 써 보려면 `recruit --sandbox mcp`로 시작하세요
mcp-starts-unconfigured = 경고: recruit mcp가 설정 없이 시작합니다: { $why }
mcp-serving = recruit mcp: --access { $access } --personal-data { $personal }로 stdio에서 서비스합니다(Ctrl-C를 누르거나 stdin을 닫으면 멈춥니다)
no-base-url = 서비스 주소가 없습니다: --base-url URL을 주거나, RECRUIT_BASE_URL을 설정하거나, `recruit config set base_url URL`을 실행하세요; 계정 없이 recruit를 써 보려면 --sandbox를 붙이세요
no-api-key = API 키가 없습니다: RECRUIT_API_KEY를 설정하거나, `recruit auth login`을 실행하거나, --api-key를 주세요; 계정 없이 recruit를 써 보려면 --sandbox를 붙이세요
allowed-on-off = on 또는 off
allowed-audit-keep = { $least } 이상의 개월 수(정수)
allowed-bool = true 또는 false
audit-reason-required = { $what }에는 접근 기록에 남길 이유가 필요합니다(require_reason = true): --reason TEXT를 주거나 RECRUIT_REASON을 설정하세요. 아무것도 가져오거나 쓰지 않았습니다
audit-cannot-append = 접근 기록 { $path }에 추가할 수 없습니다: { $error }. 파일과 그 디렉터리에 쓸 수 있게 하거나, RECRUIT_AUDIT_LOG나 `recruit config set audit_log FILE`로 다른 파일을 지정하거나, `recruit config set audit off`로 기록을 끄세요
# 기계의 정책(/etc/recruit/policy.toml): 모든 프로필·환경 변수·플래그보다 위에 있습니다.
policy-cannot-read = 정책 파일 { $path }을(를) 읽을 수 없습니다: { $error }. 관리자가 읽을 수 있게 하거나 지워야 합니다(망가진 정책은 모든 명령을 멈춥니다)
policy-not-toml = 정책 파일 { $path }의 { $line }행 { $column }열이 올바른 TOML이 아닙니다: { $why }. 관리자가 고쳐야 합니다(망가진 정책은 모든 명령을 멈춥니다)
policy-unknown-key = 정책 파일 { $path }에 모르는 키 '{ $key }'가 있습니다({ $keys }만 쓸 수 있습니다). 관리자가 고쳐야 합니다(망가진 정책은 모든 명령을 멈춥니다)
policy-bad-value = 정책 파일 { $path }이(가) { $key } = { $value }로 정하지만 { $key }은(는) { $allowed }여야 합니다. 관리자가 고쳐야 합니다(망가진 정책은 모든 명령을 멈춥니다)
policy-refuses = { $setting } 설정이 모든 프로필에 적용되는 정책 파일 { $path }({ $value })과 어긋납니다: 그 설정을 지우세요(그 프로필에서 `recruit config unset { $key }`, 또는 환경 변수 해제)
list-interrupted = 중단됨: 지금까지 출력한 목록은 완전하지 않습니다
privacy-journal-busy = 지금 내보내기가 { $journal }에 쓰고 있습니다. 끝난 뒤 삭제를 다시 실행하세요(또는 먼저 Ctrl-C로 멈추세요)
privacy-register-damaged = 파기 대장 { $path }의 { $line }번째 줄이 JSON이 아닙니다({ $why }). recruit 밖에서 바뀌었습니다. 백업에서 복원하세요
privacy-part-mirror = 미러 { $location }
privacy-part-relay = 릴레이 저장소 { $location }
privacy-part-journals = 끝나지 않은 내보내기 { $count }개의 저널
privacy-part-none = 저장소 없음(이 컴퓨터에 하나도 없습니다)
privacy-empty-code = 빈 지원자 코드가 주어졌습니다. C1001 같은 코드를 주세요
privacy-erase-confirm = 지원자 { $count }명({ $codes })의 개인정보를 { $stores }에서 파기할까요? 되돌릴 수 없습니다
privacy-retention-confirm = { $before } 이전에 단계가 바뀐 { $stage } 단계 지원자 { $count }명의 개인정보를 { $stores }에서 파기할까요? 되돌릴 수 없습니다
privacy-retention-preview = { $dry_run ->
        [yes] 개인정보를 파기할 지원자:
       *[other] 파기할 것 없음:
    } 전형 단계 { $stage }에서 { $before } 전에 단계가 바뀐 지원자 { $count }명
privacy-register-empty = 파기 대장이 비어 있습니다. 아직 파기한 것이 없습니다
privacy-mirror-absent = 미러 { $location }: 없어서 건너뜀
privacy-relay-absent = 릴레이 저장소 { $location }: 없어서 건너뜀
privacy-mirror-erased = 미러 { $location }: 지원자 { $count }명 파기, 메모 { $memos }개와 제출서 { $submissions }개 삭제
privacy-relay-erased = 릴레이 저장소 { $location }: 이벤트 { $events }개에서 지원자 { $count }명 파기(이벤트의 id, 동작, 시각, 상태는 유지)
privacy-store-failed = { $location }: 파기하지 못함: { $error }
privacy-journal-withheld = 끝나지 않은 내보내기 { $journal }: --resume이 지원자 { $withheld }명을 건너뜁니다. { $written }명은 이미 중간 파일에 쓰였습니다
privacy-journal-damaged = 끝나지 않은 내보내기 { $journal }: 저널이 손상되어 --resume이 거부합니다. 막을 것이 없습니다
privacy-not-found = 어느 저장소에도 없음: 지원자 { $count }명({ $codes })
privacy-file-not-touched = 이들의 데이터가 있을 수 있으나 건드리지 않음(사용자의 파일): { $file }
privacy-file-named = 이들의 데이터가 있음(그 내보내기의 접근 기록 { $seqs }번이 이들을 기록함), 건드리지 않음(사용자의 파일): { $file }
privacy-files-log-off = 접근 기록이 꺼져 있어(설정 audit) 어느 내보내기 파일에 이들이 있는지 알 수 없습니다: 남아 있는 내보내기 파일을 모두 보여 줍니다
audit-broken-changed = 기록 { $seq }번({ $line }번째 줄)이 기록된 뒤에 바뀌었습니다: 체인과 더 이상 맞지 않습니다
audit-broken-removed = 기록 { $seq }번({ $line }번째 줄) 바로 앞에서 { $missing ->
        [1] 기록 { $from }번이
       *[other] 기록 { $from }~{ $to }번({ $missing }개)이
    } 지워졌습니다
audit-broken-inserted = 기록 { $seq }번({ $line }번째 줄)은 나중에 끼워 넣은 것입니다: 체인에 속하지 않습니다
audit-broken-unreadable = { $line }번째 줄은 접근 기록이 아닙니다(손상되었거나 편집되었습니다)
audit-broken-cut = 로그는 기록 { $last }번에서 끝나지만 앵커 파일에는 기록 { $anchored }번까지 있었다고 되어 있습니다: 마지막 기록들이 지워졌습니다
audit-broken-anchor = 로그 옆의 앵커 파일(마지막 기록의 번호와 해시)이 손상되었습니다
audit-broken-anchor-missing = 로그에 기록이 있는데(또는 정리된 적이 있는데) 앵커 파일(마지막 기록의 번호와 해시, audit.log.head)이 없습니다: 마지막 기록들이 지워졌는지 더는 확인할 수 없습니다. 없어진 이유를 안다면(앵커 없이 백업에서 복원한 경우 등) 다른 곳에 둔 사본과 로그를 비교하세요
audit-broken-anchor-gone = 앵커 파일은 기록 { $anchored }번을 가리키지만 로그에는 그 기록이 더 이상 없습니다: 기록이 지워졌거나 앵커가 바뀌었습니다
audit-broken-checkpoint = 정리 체크포인트(audit.log.checkpoint: 마지막으로 지운 기록의 번호와 해시)가 손상되었거나 남은 첫 기록과 맞지 않습니다{ $seq ->
        [0] {""}
       *[other] (기록 { $seq }번, { $line }번째 줄)
    }
audit-cannot-encode = 접근 기록을 JSON으로 쓸 수 없습니다
store-erase-wal-busy = 이벤트에서 개인 정보를 지웠지만, 다른 프로그램이 이벤트 저장소를 읽는 중이어서 이전 사본이 { $store }-wal에 남아 있습니다(10초 기다림). 그 프로그램(sqlite3, 다른 recruit)이 끝나거나 닫은 뒤 같은 삭제를 다시 실행하세요
pg-erase-not-rewritten = { $db }의 { $table }에서 개인 정보를 지웠지만 PostgreSQL이 테이블을 다시 쓰지 않아(VACUUM FULL은 소유하지 않은 테이블을 건너뜀) 이전 사본이 파일과 통계에 남아 있습니다. 테이블 소유자(또는 슈퍼유저)로 같은 삭제를 다시 실행하세요
audit-col-seq = 번호
audit-col-at = 시각
audit-col-actor = 사용자
audit-col-via = 경로
audit-col-candidates = 지원자
audit-col-distinct = 서로 다른 지원자
audit-col-fields = 개인 정보 항목
audit-col-reason = 사유
audit-col-command = 명령
audit-col-records = 기록 수
audit-via-sandbox = { $via }(샌드박스)
audit-no-reason = 사유 없음
audit-list-none = 조건에 맞는 접근 기록이 없습니다
audit-no-log = { $path }에 접근 기록이 아직 없습니다: 기록된 것이 없습니다
audit-verify-nothing = 검증할 것이 없습니다: { $path }에 접근 기록이 아직 없습니다
audit-verify-intact = 이상 없음: 기록 { $records }개(1~{ $last }번)가 모두 앞 기록과 이어져 있고 마지막 기록이 앵커와 맞습니다({ $path })
audit-verify-intact-unanchored = 이상 없음: 기록 { $records }개(1~{ $last }번)가 모두 앞 기록과 이어져 있습니다({ $path }). 하지만 앵커 파일({ $anchor })이 없어서 마지막 기록들이 지워졌는지는 확인할 수 없습니다
audit-verify-intact-pruned = { $records ->
        [0] 이상 없음: 마지막 정리 뒤로 기록이 없습니다(1~{ $checkpoint }번은 정리되어 지워짐, 체크포인트와 앵커가 맞음)({ $path })
       *[other] 이상 없음: 기록 { $records }개({ $first }~{ $last }번)가 모두 앞 기록과 이어져 있고, 첫 기록은 정리 체크포인트에(1~{ $checkpoint }번은 정리되어 지워짐), 마지막 기록은 앵커와 맞습니다({ $path })
    }
audit-verify-broken = 접근 기록 { $path }이(가) 손상되었습니다: { $what }. 그 기록부터는 믿을 수 없습니다: 파일을 그대로 두고(증거입니다) 백업이나 다른 곳에 둔 사본과 비교하세요
audit-month-bad = '{ $value }'은(는) 달이 아닙니다: 2026-03처럼 YYYY-MM으로 쓰세요
audit-report-title = 접근 기록, { $month }({ $zone }): 기록 { $records }개, 보여 준 지원자 { $candidates }명(서로 다른 지원자 { $distinct }명)
audit-report-intact = 로그 검증: 이상 없음, 모든 기록이 앞 기록과 이어져 있습니다.
audit-report-broken = 로그 검증 실패: { $what }.
audit-report-empty = 이번 달에는 기록이 없습니다.
audit-report-by-actor = 사용자와 경로별:
audit-report-downloads = 내보내기와 동기화:
audit-report-no-downloads = 이번 달에는 없습니다
audit-prune-too-young = { $month } 이전을 정리할 수 없습니다: 접근 기록은 적어도 { $keep }개월을 보관하므로(설정 audit_keep) --before에 쓸 수 있는 가장 늦은 달은 { $latest }입니다
audit-prune-confirm = { $path }에서 { $month } 이전 달(현지 시각)의 접근 기록을, { $register }에서 그 달들의 파기 대장 행을 지울까요?
audit-prune-broken = 접근 기록 { $path }을(를) 정리하지 않았습니다: 검증에 실패합니다({ $what }). 체크포인트를 만들면 이를 가리게 됩니다: 파일을 그대로 두고 `recruit audit verify`를 실행하세요
audit-prune-done = { $month } 이전: 접근 기록 { $path }에서 기록 { $records }개를 지웠습니다({ $kept }개 남음, 체인은 체크포인트부터 검증). 파기 대장 { $register }에서 행 { $rows }개를 지웠습니다
sync-other-kind = { $db }에는 미러가 아닌 다른 종류의 recruit 데이터(`{ $kind }`)가 있습니다. 그대로 두었습니다: 다른 --db FILE을 지정하세요
store-no-meta-version = recruit_meta 테이블이나 그 안의 스키마 버전이 없습니다
mirror-sqlite-file = SQLite 파일 { $path }
mirror-pg-database = { $host }:{ $port }의 PostgreSQL 데이터베이스 { $db }
mirror-pg-database-as = { $host }:{ $port }의 PostgreSQL 데이터베이스 { $db }({ $user } 계정)
mirror-pg-default-db = (기본)
apply-subject-file = 답변 파일
apply-subject-question = 질문 { $order } { $title }({ $kind })
apply-source-top = 최상위 `{ $field }`
apply-why-form-idless = 양식의 질문에 id가 없습니다
apply-why-question-idless = 이 질문에 id가 없습니다
apply-cannot-be-sent = 보낼 수 없습니다: { $why }. id가 없으면 name, email, phone, resume만 (요청 형식 B의 최상위 필드로) 보낼 수 있습니다. 파일에서 이 답변({ $source })을 지우세요
apply-required-no-id = { $subject }: 필수 질문이지만 id가 없어 API로 답할 수 없습니다. 서비스가 지원을 거부할 수 있습니다
apply-required-unanswered = 필수 질문인데 답하지 않았습니다
apply-b-requires = 요청 형식 B에는 `{ $field }`가 필요합니다: 이 질문에 답하세요
apply-b-requires-no-question = 요청 형식 B에는 `{ $field }`가 필요하지만 양식에 { $kind } 종류의 질문이 없습니다
apply-privacy-assumed-false = 답변 파일: 요청 형식 A에 필요한 `privacy`가 없어 "privacy": false(선택 개인정보 수집·이용에 동의하지 않음)로 보냅니다. 동의하려면 "privacy": true를 추가하세요
apply-privacy-missing = 없습니다: 요청 형식 A에는 "privacy": true 또는 false(선택 개인정보 수집·이용 동의)가 필요합니다
apply-orders-and = { $rest }, { $last }
apply-item-unknown-key = questions[{ $n }]: `{ $key }`는 답변 항목의 필드(question_id, id, order, kind, answer)가 아니므로 무시합니다
apply-name-by-order = "order"로 질문을 지정하세요
apply-name-by-id-or-order = "question_id"나 "order"로 질문을 지정하세요
apply-orders-range = { $first }~{ $last }
apply-orders-none = 없음
apply-top-several = 양식에 { $kind } 종류의 질문이 { $count }개 있습니다(순서 { $orders }). 각각 "questions"에서 답하고 { $name_it }
apply-questions-missing = 없습니다: 답변을 "questions": [{"{"}"order": 1, "answer": {"{"}...{"}"}{"}"}, ...] 형태로 주세요
apply-id-conflict = question_id { $a }와 id { $b }가 서로 다른 질문을 가리킵니다. 둘 중 하나만 주세요
apply-id-order-conflict = { $key } { $id }는 { $question }번 질문인데 order는 { $order }입니다. 둘 중 하나만 주세요
apply-id-unchecked = questions[{ $n }]: 양식의 질문에 id가 없어 { $key } { $id }를 확인할 수 없습니다. { $subject }에 { $by }(으)로 답합니다
apply-form-idless-use-order = 양식의 질문에 id가 없습니다. 대신 "order"로 질문을 지정하세요(`recruit forms get CODE`가 질문을 보여 줍니다)
apply-no-question-id = 양식에 id가 { $id }인 질문이 없습니다
apply-no-question-order = 양식에 order가 { $order }인 질문이 없습니다(순서: { $orders })
apply-names-no-question = 가리키는 질문이 없습니다: "question_id"나 "order"를 주세요(양식에 그 종류의 질문이 하나뿐이면 "kind"만 주어도 됩니다)
apply-kind-top-hint = . 대신 최상위 "{ $field }" 필드로 주세요
apply-no-question-kind = 양식에 { $kind } 종류의 질문이 없습니다{ $hint }
apply-kind-several = 양식에 { $kind } 종류의 질문이 { $count }개 있습니다(순서 { $orders }). 대신 { $name_it }
apply-answered-twice = 두 번 답했습니다({ $first }, questions[{ $n }])
apply-kind-mismatch = { $given }는 양식의 종류 { $kind }와 맞지 않습니다
apply-file-unknown-key = 답변 파일: `{ $key }`는 답변 파일의 필드(privacy, questions, name, email, phone, resume_path)가 아니므로 무시합니다
apply-note-form-idless = 양식의 질문에 요청 형식 A에 필요한 id가 없어, name, email, phone, resume을 요청 형식 B의 최상위 필드로 보냅니다
apply-note-idless-answered = 답한 질문 { $count }개에 요청 형식 A에 필요한 id가 없어 요청 형식 B로 보냅니다
apply-note-loose-top = 양식에 { $kind } 종류의 질문이 없어 `{ $field }`를 privacy, questions 옆의 최상위 필드로 보냅니다(요청 형식 B처럼)
check-missing = 없습니다
check-must-be = { $expected } 값이어야 하는데 { $got }입니다
expect-true-or-false = true 또는 false
expect-string = 문자열
expect-array = 배열
expect-object = 객체
expect-integer = 정수
expect-veteran-code = 00-000000 형식의 문자열
expect-answers-object = JSON 객체 {"{"}"privacy": true, "questions": [...]{"}"}
expect-answer-item = 객체 {"{"}"order"|"question_id", "kind", "answer"{"}"}
value-boolean = 불리언 { $value }
value-number = 숫자 { $value }
value-string = 문자열 { $value }
check-unknown-kind = '{ $kind }'는 이 도구가 모르는 종류라서 답변을 확인하지 않고 보냅니다
check-unknown-answer-field = { $kind } 답변의 필드가 아닙니다{ $article ->
   *[other] {""}
}(예상한 필드: { $fields }). 주어진 대로 둡니다
check-military-left-out = checked가 false이면 빼야 합니다(병역 사항이 해당하지 않으면 checked: false만 보냅니다)
check-whole-number = 정수여야 하는데 { $got }입니다{ $hint }
check-whole-months = 개월 수(정수)여야 하는데 { $got }입니다{ $hint }
check-no-quotes = {" "}(숫자는 따옴표 없이 쓰세요)
check-one-of = { $values } 중 하나여야 하는데 { $got }입니다
check-empty-required = 비어 있으면 안 됩니다(필수 질문입니다)
check-unknown-element-field = 이 항목의 필드가 아닙니다(예상한 필드: { $fields }). 주어진 대로 둡니다
apply-more-problems = ... 외 문제 { $count }개
apply-more-warnings = ... 외 경고 { $count }개
apply-problems-summary = { $what }에 문제가 { $count }개 있습니다(위 목록). 아무것도 보내지 않았습니다
what-the-answers = 답변
listen-store-failing = 이벤트 저장소 { $path }가 { $duration } 동안 계속 실패했습니다({ $why }). 감독 프로그램이 리스너를 다시 시작하고 누군가 알아차리도록 멈췄습니다
listen-error-line = 오류: { $message }
listen-not-printed = JSON이 아닌 본문({ $bytes }바이트)을 받았습니다: ndjson으로 출력하지 않습니다
listen-line-not-json = (JSON 아님, { $bytes }바이트)
listen-forward-error = 실패: { $error }
listen-forward-answered = { $outcome } 응답을 받음
listen-forward-failed = 경고: { $url }(으)로 전달 { $what }. 서비스에 502로 응답합니다
listen-summary-stage = 단계: { $value }
listen-summary-feedback = 피드백 { $value }
listen-summary-interview = 면접 { $value }
listen-summary-form = 양식: { $value }
listen-summary-keys = 페이로드 키: { $keys }
listen-summary-no-payload = (페이로드 없음)
relay-lane-stopped = 중계 레인 하나가 멈췄습니다: { $error }
relay-store-failed = { $url }(으)로 중계: { $error }
relay-outcome-not-recorded = 오류: 전달 결과를 기록하지 못했습니다: { $error }
trigger-no-attempt = 시도 없음
trigger-no-answer = 응답 없음
trigger-next-delivered = 전달됨
trigger-retrying-in = { $secs }초 후 다시 시도
trigger-attempt = 시도 { $n }/{ $total }: { $what }({ $next })
trigger-receiver-answered = 받는 쪽의 응답: { $answer }
segment-short = 임시 조각 파일에 { $expected }바이트가 있어야 하는데 { $copied }바이트가 있습니다
mcp-not-set-up = recruit mcp가 아직 서비스에 맞게 설정되지 않았습니다(아래 항목을 설정한 뒤 서버를 다시 시작하세요)
mcp-session-not-started = MCP 세션이 시작되지 않았습니다
mcp-server-stopped = MCP 서버가 멈췄습니다
confirm-cannot-read = 답을 읽을 수 없습니다
wizard-failed = 마법사가 실패했습니다
encode-cannot-read-item = 응답의 항목 하나를 읽을 수 없습니다
encode-cannot-encode = 레코드를 JSON으로 인코딩할 수 없습니다
jq-cannot-read-value = --jq가 값을 읽을 수 없습니다
key-command-failed = api_key_command '{ $cmd }'가 실패했습니다({ $status }). 설정 파일의 명령을 고치세요
key-command-empty = api_key_command '{ $cmd }'가 아무것도 출력하지 않았습니다. API 키를 출력해야 합니다
log-lines-dropped = 로그 { $count }줄을 버렸습니다: 표준 오류를 아무도 읽지 않았습니다
jq-halted = 필터가 상태 { $code }(으)로 멈췄습니다
jq-stopped = 필터가 멈췄습니다
table-cut-note = { $max }자보다 긴 값은 표에서 잘립니다(…). -o json은 전부 보여 줍니다
table-left-blank = 예상하지 못한 형식의 필드를 비워 두었습니다({ $key }: { $value }{ $more }). -o json은 받은 그대로 보여 줍니다
table-and-more = {" "}외 { $count }개
memo-dry-run-not-pinned = 지원자 { $candidate }의 메모 { $id }는 고정되어 있지 않습니다: 전환 요청 하나를 보내게 됩니다
memo-dry-run-not-unpinned = 지원자 { $candidate }의 메모 { $id }는 고정 해제되어 있지 않습니다: 전환 요청 하나를 보내게 됩니다
memo-dry-run-already-line = 지원자 { $candidate }의 메모 { $id }은(는) 이미 { $state ->
    [pinned] 고정되어
   *[unpinned] 고정 해제되어
} 있습니다. 아무것도 보내지 않습니다.
memo-dry-run-already = 지원자 { $candidate }의 메모 { $id }은(는) 이미 { $state ->
    [pinned] 고정되어
   *[unpinned] 고정 해제되어
} 있습니다. 아무것도 보내지 않습니다
sync-form-no-resource = 상세 응답에 `resource` 객체가 없습니다
runtime-failed = 비동기 런타임을 시작하지 못했습니다({ $error }). 시스템이 스레드나 파일 디스크립터를 내주지 않았습니다. `ulimit -u`와 `ulimit -n`을 확인하세요
apply-unfinished-unknown = 이 지원서의 질문을 가리키지 않습니다({ $value }). "unfinished" 항목을 지우면 마법사가 답변만으로 이어서 작성합니다
wizard-hint-file-rule = (올릴 파일, 또는 이미 올린 파일의 경로. 지원서가 받는 파일: { $rule })
wizard-file-types = { $head } 또는 { $last }
wizard-file-rule-size = { $types }, 최대 { $size }
wizard-file-rule-size-only = 최대 { $size }의 파일
wizard-file-wrong-type = { $file }: 이 질문은 { $types } 파일만 받습니다(지원서 안내). 형식을 바꾸거나 다른 파일을 지정하세요.
wizard-file-too-large = { $file }: 크기가 { $size }로, 이 질문이 받는 최대 크기 { $max }를 넘습니다(지원서 안내). 더 작은 파일을 지정하세요.
cell-yes = 예
cell-no = 아니요
enum-in-progress = 진행 중
enum-full-time = 정규직
enum-not-required = 경력 무관
enum-experienced = 경력직
enum-job-admin = 공고 관리자
enum-job-manager = 공고 담당자
enum-member = 구성원
enum-admin = 관리자
enum-high-school = 고등학교 졸업
enum-university-2 = 2년제 대학 졸업
enum-university-4 = 4년제 대학 졸업
enum-graduate-master = 석사
enum-graduate-doctor = 박사
enum-applied = 지원 접수
enum-review = 서류 검토
enum-document = 서류
enum-interview = 면접
enum-offer = 처우 협의
enum-pass = 합격
enum-fail = 불합격
enum-ongoing = 진행 중
enum-complete = 완료
enum-pending = 대기 중
enum-submitted = 제출함
enum-confirmed = 확정
enum-individual = 개별 면접
enum-message = 메시지
enum-reference-check = 평판 조회
enum-delivered = 전달됨
enum-failed = 실패
table-columns-left-out = 이 너비에서는 뺀 열: { $columns } (터미널을 넓히거나 --fields 또는 -o json으로 볼 수 있습니다)
events-none = (이벤트 없음)
table-open-unknown = 공개 "-": 서비스가 그 양식의 공개 여부를 알려 주지 않았습니다(서비스가 알려 주면 `recruit forms get CODE`에 나옵니다)
table-salary = { $amount }만 원
auth-sandbox-needs-no-key = 필요 없음(내장 샌드박스)
help-default-value = 기본값: { $value }
help-possible-values = 가능한 값: { $values }
help-env-var = 환경 변수: { $name }
help-most-used-globals =
    전역 옵션(가장 많이 쓰는 것; 모든 명령에 쓸 수 있고, 전체는 `recruit help options`):
          --sandbox          내장 에뮬레이터로 실행: 계정이 필요 없음
      -o, --output FORMAT    table, json, ndjson, csv 중 하나
          --jq EXPR          JSON 결과를 jq 식으로 거름
          --all              목록 명령에서: 모든 페이지를 읽음
          --lang LANG        en 또는 ko: 사람이 읽는 글의 언어
question-kind-name = 이름
question-kind-email = 이메일
question-kind-phone = 전화번호
question-kind-resume = 이력서
question-kind-experience-total = 총 경력 기간
question-kind-desired-salary = 희망 연봉
question-kind-current-salary = 현재 연봉
question-kind-gender = 성별
question-kind-birth = 생년월일
question-kind-profile-img = 프로필 사진
question-kind-address = 주소
question-kind-experience = 경력
question-kind-education = 학력
question-kind-qualification = 자격증·수상
question-kind-training = 교육 이수
question-kind-language = 어학
question-kind-military-service = 병역
question-kind-veteran-affair = 보훈
question-kind-disability = 장애
question-kind-text = 단답형
question-kind-textarea = 서술형
question-kind-dropdown = 드롭다운
question-kind-radio = 단일 선택
question-kind-date-type = 날짜
question-kind-checkbox = 복수 선택
question-kind-link = 링크
question-kind-file-upload = 파일 첨부
chat-unknown-format = { $what } { $value }: '{ $format }'은(는) 채팅 형식이 아닙니다. URL 앞에 { $formats } 중 하나를 쓰거나(template+는 --template FILE 필요), 앱의 http(s) URL을 그대로 주세요
chat-template-missing = { $destination }에는 --template FILE이 필요합니다: 이벤트마다 채울 JSON 파일입니다
chat-template-unreadable = 템플릿 { $path }을(를) 읽을 수 없습니다
chat-template-not-utf8 = 템플릿 { $path }이(가) UTF-8 텍스트가 아닙니다. UTF-8로 저장하세요 (iconv -f cp949 -t utf-8)
chat-template-bad = 템플릿 { $path }: { $why }
chat-template-not-json = 템플릿 { $path }에 예시 이벤트를 채우면 올바른 JSON이 아닙니다: { $why }. 쉼표, 괄호, 따옴표를 확인하세요
chat-template-unclosed = {"{{"} 뒤에 {"}}"}가 없습니다
chat-template-unknown-field = 알 수 없는 필드 {"{{"}{ $field }{"}}"}입니다. 쓸 수 있는 필드: { $fields }
chat-template-outside-string = {"{{"}{ $field }{"}}"}는 JSON 문자열 안에 있어야 합니다("...{"{{"}{ $field }{"}}"}..."). 다른 곳에 채운 값은 JSON을 깨뜨릴 수 있습니다
chat-label-candidate = 지원자
chat-label-name = 이름
chat-label-stage = 전형 단계
chat-label-job = 채용 공고
chat-open-candidate = 지원자 보기
chat-title-stage-changed = 전형 단계 변경
chat-title-pass = 합격
chat-title-feedback-created = 평가 생성
chat-title-feedback-completed = 평가 완료
chat-title-interview-scheduled = 면접 일정 확정
chat-title-form-submitted = 양식 제출
chat-title-other = 이벤트: { $action }
chat-title-unknown = action이 없는 이벤트
sheet-bom-and-cp949 = --bom은 UTF-8 바이트 순서 표시(BOM)를 쓰는데, CP949 파일은 그것으로 시작할 수 없습니다. --bom만(UTF-8, 엑셀 2016 이후) 쓰거나 --encoding cp949만(예전 한글 엑셀) 쓰세요
sheet-encoding-not-csv = --encoding은 -o csv에만 쓸 수 있습니다(지금 출력은 { $format }이고 항상 UTF-8입니다). -o csv를 붙이세요
sheet-unmapped = CP949에 없는 문자 { $count }개를 ?로 썼습니다. 모든 문자를 그대로 남기려면 --encoding cp949 대신 --bom으로 UTF-8을 쓰세요
user-text-encoding = { $what }의 인코딩이 UTF-8이 아니라 { $encoding }로 보입니다. 먼저 변환하세요. 예: iconv -f { $iconv } -t utf-8 { $file } > { $file }.utf8 로 바꾼 파일을 주세요
user-text-not-utf8 = { $what }은(는) UTF-8 텍스트가 아니고(오프셋 { $offset }의 바이트 { $byte }) 한국어 인코딩도 아닙니다. UTF-8로 저장하거나 iconv -f 인코딩 -t utf-8 { $file } > { $file }.utf8 로 변환하세요
export-cut-short = 중간에 끊김: 표준 출력을 읽던 쪽이 기록 { $records }건을 받은 뒤에 출력을 닫아 내보내기가 끝까지 가지 못했습니다. 모든 기록을 남기려면 --out FILE로 파일에 쓰세요
store-pg-unreachable = 이벤트 저장소 { $store }에 연결할 수 없습니다: { $error }. --store에 준 주소와 서버가 실행 중인지 확인하세요
store-no-postgres-in-build = --store { $store }: 이 recruit는 PostgreSQL 지원 없이 빌드되었습니다. postgres 기능을 켜고 빌드하거나 파일을 지정하세요
listen-sharing =   다른 수신기와 저장소를 공유합니다: 각 대상은 한 번에 한 수신기만 전달합니다(임대 { $lease }초)
reason-not-a-rate = { $value }은(는) 전송률이 아닙니다: 초당 전달 수를 0보다 큰 숫자로 주세요(예: 50 또는 0.5)
wizard-yes-no = 예/아니요
wizard-yes-no-default-yes = 예(기본)/아니요
wizard-yes-no-default-no = 예/아니요(기본)
report-since-bad = --since에는 날짜(2026-01-31)나 RFC 3339 시각(2026-01-31T09:00:00+09:00)을 주세요: '{ $value }'은(는) 읽을 수 없습니다
report-html-written = 보고서 페이지를 { $path }에 저장했습니다
report-stage-applied = 지원 접수
report-stage-review = 서류 검토
report-stage-interview = 면접
report-stage-offer = 처우 협의
report-stage-pass = 최종 합격
report-stage-fail = 불합격
report-all-candidates = 전체 지원자 ({ $count }명)
report-no-job = 공고가 없는 지원자 ({ $count }명)
report-job = { $title } ({ $code }): 지원자 { $count }명
report-col-stage = 단계
report-col-now = 현재 인원
report-col-moved-on = 다음 단계로 이동
report-col-failed = 불합격 처리
report-col-median = 중앙값(일)
report-col-p90 = 90백분위(일)
report-never-synced = 동기화한 적 없음
report-age-minutes = { $count }분 전
report-age-hours = { $count }시간 전
report-age-days = { $count }일 전
report-mirror = 미러 { $db }: { $first } 첫 동기화부터의 이력, 마지막 동기화 { $last } ({ $ago }).
report-rule = 첫 동기화({ $first }) 때 이미 전형 중이던 지원자 { $count }명은 알려진 것부터 셉니다: 그때 있던 단계를 서비스가 알려 준 그 단계의 시작 시각부터 세고, 그 이전 단계는 알 수 없어 세지 않습니다. 두 동기화 사이에 들어갔다 나온 단계도 보이지 않습니다. 한 단계는 다음 단계가 시작될 때 끝나며(다음 단계로 이동, 다음 단계가 불합격이면 불합격 처리), 일수는 끝난 단계만으로 셈하고 중앙값과 90백분위는 가까운 두 순위 사이를 선형 보간합니다.
report-funnel-title = 퍼널: 각 단계에 도달한 지원자
report-funnel-failed = 중간에 불합격: { $count }명
report-time-title = 단계별 소요 일수
report-legend-median = 중앙값
report-legend-p90 = 90백분위
report-filter-job = 공고 { $job }만
report-filter-since = { $since } 이후 지원한 지원자만
report-job-no-code = { $title }: 지원자 { $count }명
search-empty-query = 찾을 이름, 코드, 이메일의 일부를 주세요. 예: `recruit candidates search 하늘`
search-from-mirror = { $total }명 일치, { $shown }명 표시. 미러 { $db } 기준이며 마지막 동기화는 { $last } ({ $ago })입니다. `recruit sync`로 최신 상태로 만드세요
mcp-mirror-age = `recruit sync` 미러 기준, 마지막 동기화 { $last } ({ $ago }).

## Words by construction (#48): sentences that were English literals, and library causes.
memo-nothing-to-change = 바꿀 것이 없습니다. --content, --role, --mention, --clear-mentions, --file-url 중 하나 이상을 주세요
mcp-memo-nothing-to-change = 바꿀 것이 없습니다. content, role, mentions, file_url 중 하나 이상을 주세요
answer-no-collection = 서비스 응답에 `collection` 배열이 없습니다. -o json 으로 받은 그대로 보세요
sandbox-and-base-url-flags = --sandbox 와 --base-url 을 함께 줄 수 없습니다. 하나만 쓰세요 (--sandbox 는 내장 에뮬레이터에 요청합니다)
sandbox-and-base-url-env = RECRUIT_SANDBOX 와 RECRUIT_BASE_URL 이 모두 설정되어 있습니다. 하나를 지우세요 (예: RECRUIT_BASE_URL 의 서비스를 쓰려면 `unset RECRUIT_SANDBOX`)
key-command-too-much = api_key_command '{ $cmd }' 의 출력이 { $kib } KiB 를 넘었습니다. API 키만 출력해야 합니다
key-command-too-slow = api_key_command '{ $cmd }' 가 { $secs }초 안에 끝나지 않았습니다. 설정 파일의 명령을 고치세요 (키를 출력하고 끝나야 합니다)
export-form-without-code = 목록에 `code` 가 없는 양식이 있어 질문을 읽을 수 없습니다
export-candidate-without-code = 후보자 목록에 `code` 가 없는 후보자가 있어 내보낼 수 없습니다
output-records-no-table = 레코드는 ndjson, csv, json 으로만 씁니다. 여기서는 표를 쓸 수 없습니다
output-fields-empty = --fields 는 쉼표로 나눈 열 이름을 받습니다. 예: --fields code,title
csv-cannot-write = CSV 를 쓸 수 없습니다
audit-seen-stopped = 접근 기록에 본 항목을 남기는 작업이 멈췄습니다
sandbox-fail-rate-bad = --fail-rate는 0과 1 사이여야 합니다. 받은 값: { $value }
sandbox-retry-scale-bad = --retry-scale은 양수여야 합니다. 받은 값: { $value }
sandbox-rate-limit-bad = --rate-limit은 초당 요청 수로 양수여야 합니다. 받은 값: { $value }
cannot-start = 시작할 수 없습니다
error-detail = 라이브러리가 알린 원인: { $detail }
io-connection-refused = 연결이 거부되었습니다
io-connection-reset = 상대가 연결을 끊었습니다
io-timed-out = 시간이 초과되었습니다
io-unreachable = 호스트에 닿을 수 없습니다
io-library = 하위 라이브러리가 알린 오류
io-url-empty-host = 호스트가 비어 있습니다
io-url-invalid-port = 포트 번호가 올바르지 않습니다
io-url-invalid-address = IP 주소가 올바르지 않습니다
io-url-invalid-host = 호스트 이름에 쓸 수 없는 문자가 있습니다
io-url-relative = http:// 나 https:// 로 시작하는 전체 주소가 아닙니다
io-url-other = URL 형식이 올바르지 않습니다
jq-expected-at = { $column }번째 글자 ('{ $near }') 에 { $what } 이(가) 와야 합니다
jq-expected-near = '{ $near }' 에 { $what } 이(가) 와야 합니다
jq-expected-end = 식이 끝나기 전에 { $what } 이(가) 와야 합니다
jq-undefined = 정의되지 않은 { $what } '{ $name }'
jq-cannot-load = { $path } 을(를) 불러올 수 없습니다: { $why }
event-candidate-stage-changed = 후보자의 채용 단계가 바뀔 때
event-candidate-pass = 후보자가 합격 단계로 옮겨질 때
event-feedback-created = 평가가 만들어질 때
event-feedback-completed = 평가가 완료될 때
event-interview-scheduled = 면접 일정이 확정될 때
event-form-submitted = 후보자가 양식을 제출할 때
jq-want-digit = 숫자
jq-want-identifier = 이름
jq-want-closing-parenthesis = 닫는 괄호 )
jq-want-closing-bracket = 닫는 대괄호 ]
jq-want-closing-brace = 닫는 중괄호 {"}"}
jq-want-closing-quote = 닫는 따옴표 "
jq-want-escape = 문자열 이스케이프
jq-want-code-point = 4자리 16진수 유니코드 코드 포인트
jq-want-token = 토큰
jq-want-variable = 변수
jq-want-pattern = 패턴
jq-want-else-or-end = else 나 end
jq-want-comma-or-right-bracket = 쉼표나 ]
jq-want-comma-or-right-brace = 쉼표나 {"}"}
jq-want-semicolon-or-right-parenthesis = ; 나 )
jq-want-term = 값
jq-want-key = 키
jq-want-argument = 인수
jq-want-string = 문자열
jq-want-nothing = 없음
jq-want-filter = 필터
jq-want-label = 레이블
jq-want-module = 모듈

# config list's table (issue #48)
config-list-file = { $path } (프로필 '{ $profile }')
config-list-none = 설정 없음
config-list-elsewhere = 다른 곳에서 적용되는 값:

# the service's answer described (issue #48)
http-detail = { $said } (HTTP { $status })
answer-html-page-titled = HTML 페이지 "{ $title }"
answer-html-page = HTML 페이지
answer-no-content-type = Content-Type 없음

# --fields and --dry-run for people (issue #48)
fields-none = 필드 없음: 이 응답은 객체의 목록이 아닙니다
dry-run-would-send = 보낼 요청: { $request }

# the export journal's damage and the policy file's values, in words (issue #48)
journal-line-not-json = { $line }번째 줄이 JSON이 아닙니다: { $why }
journal-line-not-progress = { $line }번째 줄이 진행 기록이 아닙니다
journal-no-header = 머리 줄이 없습니다
journal-no-progress = 진행 기록이 없습니다
journal-other-version = 이 버전의 recruit export가 쓴 저널이 아닙니다
policy-allowed-bool = true 또는 false
policy-allowed-path = 따옴표로 감싼 파일 경로
# secrets (#49): forward targets shown by their names
events-target-by-name = 이벤트 { $id }의 대상 { $target }은(는) 주소가 비밀이라 이 이름으로만 저장되어 있습니다. --to URL로 주소를 지정하세요
## keyring (#49): the API key in the OS keyring, and where a key comes from
keyring-unavailable = 응답하는 운영체제 키링이 없어 프로필 '{ $profile }'의 API 키를 저장하지 않았습니다(다른 곳에도 쓰지 않았습니다). 키링을 시작하거나(Linux에서는 D-Bus 세션 안의 gnome-keyring 같은 Secret Service), 다른 방법으로 키를 주세요: `recruit auth login --insecure-storage`(설정 파일, 모드 0600, 암호화되지 않음), RECRUIT_API_KEY, 프로필의 `api_key_command`, 또는 서비스 관리자의 자격 증명($CREDENTIALS_DIRECTORY/recruit-api-key, systemd의 LoadCredential=)
keyring-cannot-remove = 운영체제 키링이 응답하지 않아 그곳에 저장된 프로필 '{ $profile }'의 키를 지우지 못했습니다. 키링에 닿는 곳(데스크톱 세션)에서 `recruit auth logout`을 다시 실행하세요
auth-stored-keyring = 프로필 '{ $profile }'의 API 키 { $key }를 운영체제 키링에 저장했습니다(서비스 'recruit', 계정 '{ $profile }').
auth-moved-from-file = 프로필 '{ $profile }'의 API 키를 { $path }에서 지웠습니다. 이제 운영체제 키링에 있습니다.
auth-removed-file = 프로필 '{ $profile }'의 API 키를 { $path }에서 지웠습니다.
auth-removed-keyring = 프로필 '{ $profile }'의 API 키를 운영체제 키링에서 지웠습니다.
key-from-config-file = 참고: 프로필 '{ $profile }'의 API 키를 암호화되지 않은 { $path }에서 읽습니다. `recruit auth login`으로 운영체제 키링에 옮기세요
credential-cannot-read = 서비스 관리자의 자격 증명 { $path }에서 API 키를 읽을 수 없습니다
credential-empty = 서비스 관리자의 자격 증명 { $path }이(가) 비어 있습니다. API 키를 넣으세요
key-source-flag = 옵션 --api-key
key-source-environment = 환경 변수 RECRUIT_API_KEY
key-source-credential = 서비스 관리자의 자격 증명($CREDENTIALS_DIRECTORY/recruit-api-key)
key-source-config-file = 설정 파일(안전하지 않음)
key-source-keyring = 운영체제 키링
key-source-command = api_key_command
# figures (#51): report figures, trend, page, --to
report-col-week = 주
report-conversion = 전환율: { $steps }
report-conversion-step = { $from } → { $to } { $count }명 중 { $share }
report-conversion-none = { $from } → { $to } 아직 없음({ $from }에 이른 것으로 알려진 지원자가 없음)
report-time-to-hire = 채용 소요 기간: 중앙값 { $median }일, 90백분위 { $p90 }일(합격 { $count }명)
report-time-to-hire-none = 채용 소요 기간: 아직 없음(지원 시각과 단계 시작 시각이 모두 있는 최종 합격자가 없음)
report-offer-acceptance = 처우 수락률: 처우 협의를 떠난 { $count }명 중 { $share }
report-offer-acceptance-none = 처우 수락률: 아직 없음(처우 협의에서 합격이나 불합격으로 옮긴 지원자를 본 적이 없음: 동기화가 두 번 필요함)
report-chat-title = 채용 파이프라인, 마지막 동기화 { $last }({ $ago })
report-chat-stage = { $stage } { $count }명
report-to-not-chat = --to에는 채팅 목적지(slack+URL, teams+URL, googlechat+URL, jandi+URL)를 주세요: '{ $value }'는 아님
report-to-sent = 보고서 요약을 { $target }에 보냈습니다
report-to-refused = { $target }이(가) 보고서 요약을 거부했습니다(HTTP { $status }): 주소와 웹훅이 아직 켜져 있는지 확인하세요
report-to-failed = 보고서 요약을 보내려고 { $target }에 연결하지 못했습니다: 네트워크, 프록시, 주소를 확인하세요
report-days-none = 단계별 머문 일수: 아직 없음(미러가 본 머묾 중 끝난 것이 없음: 지원자가 다음 단계로 옮긴 뒤 동기화하면 셈함)
report-html-heading = 채용 파이프라인: { $period }, 마지막 동기화 { $last } 기준
report-period-all = 미러의 모든 지원
report-head-candidates = 지원자
report-head-hires = 합격
report-head-time-to-hire = 채용 소요 기간 중앙값
report-head-offer-acceptance = 처우 수락률
report-head-days = { $days }일
report-head-of = 지원자 { $count }명 기준
report-head-no-hire = 아직 없음: 최종 합격자가 없음
report-head-no-offer = 아직 없음: 처우 협의를 떠난 지원자를 본 적이 없음
report-head-job = 공고
## reconcile (#50): webhooks listen --reconcile
listen-reconcile-first = 대조: 첫 순회, 지원자 { $count }명의 단계를 기록했습니다(첫 순회에서는 아무것도 만들지 않음)
listen-reconciled = 대조: 지원자 { $count }명 순회, 단계 변경 { $changed }건, 이미 받은 것 { $covered }건, 만든 이벤트 { $synthesized }건
listen-reconcile-elsewhere = 대조: 이 저장소의 다른 수신기가 지금 지원자 목록을 순회합니다; 이 수신기는 대기합니다
listen-reconcile-failed = 대조: 순회에 실패해 다음 주기에 다시 시도합니다: { $error }
events-synthesized-action = { $action } (대조로 만듦)
## -o xlsx (#51, part xlsx): Excel workbooks, their password, their sheets and headers.
xlsx-terminal = 엑셀 통합 문서는 터미널에 쓰지 않습니다: --out FILE(내보내기)을 붙이거나 파일로 돌려 주세요(`> list.xlsx`)
xlsx-no-jq = --jq와 -o xlsx는 함께 쓸 수 없습니다: 통합 문서는 목록을 표로 담습니다. --jq에는 -o json을, 열을 고르려면 --fields를 쓰세요
xlsx-write-failed = 엑셀 통합 문서를 쓸 수 없습니다(임시 파일은 TMPDIR에 씁니다: 공간이 있나요?)
xlsx-password-not-xlsx = --password와 --password-file은 엑셀 통합 문서를 암호화합니다: -o xlsx를 붙이세요
xlsx-password-two-sources = --password(프롬프트)와 --password-file FILE 중 하나만 주세요
xlsx-password-empty = 통합 문서 암호가 비어 있습니다: 한 글자 이상으로 주세요
xlsx-password-no-terminal = --password는 프롬프트에서 암호를 묻기 때문에 터미널이 필요합니다. 터미널이 없으면 --password-file FILE이나 RECRUIT_XLSX_PASSWORD를 쓰세요
xlsx-password-unread = 터미널에서 암호를 읽을 수 없습니다. 대신 --password-file FILE이나 RECRUIT_XLSX_PASSWORD를 쓰세요
xlsx-password-file-not-text = 암호 파일 { $path }은(는) UTF-8 텍스트가 아닙니다: UTF-8로(한 줄) 저장하세요
xlsx-password-prompt = 통합 문서를 열 암호
xlsx-password-confirm = 암호 다시 입력
xlsx-password-mismatch = 두 암호가 다릅니다. 다시 입력하세요
xlsx-sheet-forms = 지원서 양식
xlsx-sheet-memos = 메모
xlsx-sheet-submissions = 제출
xlsx-sheet-webhooks = 웹훅
xlsx-sheet-applications = 지원
xlsx-sheet-candidates = 지원자
xlsx-sheet-jobs = 공고
xlsx-sheet-evaluations = 평가
xlsx-sheet-interviews = 면접
xlsx-sheet-other = 항목
xlsx-col-code = 코드
xlsx-col-title = 제목
xlsx-col-status = 상태
xlsx-col-open-status = 공개 상태
xlsx-col-expired = 마감됨
xlsx-col-end-at = 마감 일시
xlsx-col-employment-type = 고용 형태
xlsx-col-career-kind = 경력 구분
xlsx-col-career-start = 경력 시작
xlsx-col-career-end = 경력 끝
xlsx-col-address = 주소
xlsx-col-address2 = 상세 주소
xlsx-col-resume-required = 이력서 필수
xlsx-col-content = 내용
xlsx-col-created-at = 생성 일시
xlsx-col-updated-at = 수정 일시
xlsx-col-uri = 주소(URI)
xlsx-col-id = ID
xlsx-col-parent-id = 상위 ID
xlsx-col-pinned = 고정
xlsx-col-fixed-at = 고정 일시
xlsx-col-accessible-role = 열람 권한
xlsx-col-user = 작성자
xlsx-col-mentions = 멘션
xlsx-col-file-url = 파일 주소
xlsx-col-replies = 답글
xlsx-col-kind = 종류
xlsx-col-form-title = 양식 제목
xlsx-col-form-description = 양식 설명
xlsx-col-candidate-name = 지원자 이름
xlsx-col-candidate-email = 지원자 이메일
xlsx-col-submitted-at = 제출 일시
xlsx-col-form-template = 양식 템플릿
xlsx-col-submission-answers = 제출 답변
xlsx-col-active = 활성
xlsx-col-provider = 제공자
xlsx-col-callback-url = 콜백 주소
xlsx-col-events = 이벤트
xlsx-col-name = 이름
xlsx-col-email = 이메일
xlsx-col-phone = 전화번호
xlsx-col-duplicate = 중복
xlsx-col-birth = 생년월일
xlsx-col-privacy = 개인정보 동의
xlsx-col-resume-path = 이력서 경로
xlsx-col-applied-at = 지원 일시
xlsx-col-job = 공고
xlsx-col-job-stage = 전형 단계
xlsx-col-duplicate-job = 중복 공고
xlsx-col-reapply = 재지원
xlsx-col-feedback-kind = 평가 종류
xlsx-col-feedback-status = 평가 상태
xlsx-col-feedback-result = 평가 결과
xlsx-col-feedback-score = 평가 점수
xlsx-col-feedback-score-count = 평가 완료 수
xlsx-col-feedback-score-total-count = 평가 전체 수
xlsx-col-education-final-kind = 최종 학력
xlsx-col-experience-total-period = 총 경력 기간
xlsx-col-interest = 관심
xlsx-col-profile-img-path = 프로필 사진 경로
xlsx-col-url = URL
xlsx-col-position = 직무
xlsx-col-application-form = 지원서 양식
xlsx-col-managers = 담당자
xlsx-col-result = 결과
xlsx-col-score = 점수
xlsx-col-score-count = 평가 완료 수
xlsx-col-total-score-count = 평가 전체 수
xlsx-col-job-stage-title = 전형 단계 이름
xlsx-col-candidate = 지원자
xlsx-col-member-scores = 평가자 점수
xlsx-col-number = 차수
xlsx-col-schedule = 일정
xlsx-col-candidate-code = 지원자 코드
xlsx-col-desired-salary = 희망 연봉
xlsx-col-current-salary = 현재 연봉
xlsx-col-expected-fee = 예상 수수료
xlsx-col-questions = 질문
xlsx-col-value = 값
xlsx-rows-unreadable = 만들고 있는 통합 문서의 행을 다시 읽을 수 없습니다({ $error }): 내보내기를 다시 실행하세요
xlsx-report-col-reached = 도달
xlsx-report-sheet-all = 전체 지원자
xlsx-report-sheet-no-job = 공고 없음
xlsx-report-written = 통합 문서 { $path }을(를) 썼습니다
xlsx-not-a-list = -o xlsx는 목록, 내보내기, 보고서에 씁니다. 이 명령은 다른 것을 출력하니 -o json, ndjson, csv를 쓰세요
xlsx-too-many-rows = 엑셀 시트 하나에는 머리글 아래 { $max }행까지만 들어가는데 이 목록은 더 많습니다: -o csv를 쓰거나 일부만 내보내세요(--stage)

# report (#51): the report workbook's figure sheets
xlsx-report-sheet-conversion = 전환율
xlsx-report-sheet-time-to-hire = 채용 소요 기간
xlsx-report-sheet-offer-acceptance = 처우 수락률
xlsx-report-col-group = 그룹
xlsx-report-col-from = 이전 단계
xlsx-report-col-to = 다음 단계
xlsx-report-col-share = 비율
xlsx-report-col-candidates = 지원자 수
xlsx-report-col-why-empty = 비어 있는 이유
## Issue #48, start-up part: broken invariants (a bug), shown after "internal error" with where.
bug-key-command-stdout = 키 명령의 출력이 파이프가 아닙니다
bug-config-profile-table = 설정 파일에 방금 만든 프로필이 표가 아닙니다
bug-semaphore-closed = 리스너의 동시 전달 제한이 닫혔습니다
bug-json-encode = 값을 JSON으로 쓸 수 없습니다
bug-answer-kind = 답변 종류에 그 종류가 가져야 할 필드가 없습니다
bug-jq-formats = 내장 jq 형식을 해석할 수 없습니다
bug-number-text = 숫자의 지수 표기를 다시 읽을 수 없습니다
bug-table-cell = 표의 칸이 문자가 시작하지 않는 곳에서 잘렸습니다
bug-clap-value = 명령줄 파서가 가능한 값이 아닌 값을 받아들였습니다
bug-offset = +09:00이 올바른 시간대 오프셋이 아닙니다
listen-idle-client = 유휴 제한 시간 안에 클라이언트에서 데이터가 오지 않았습니다
