# 사람이 읽는 글, 한국어. en.ftl의 메시지마다 같은 변수를 쓰는 한국어 메시지가 있어야 합니다
# (테스트가 확인합니다). 용어: 지원자, 공고, 지원서, 메모, 전형 단계.

candidates-count = 지원자 { $count }명

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
word-warning = 주의
word-note = 알림
help-options-pointer = 전역 옵션(--sandbox, -o/--output, --jq, --fields, --all, --limit, --lang, --bom, --color 등): recruit help options
help-options-intro = 전역 옵션: 모든 명령에 쓸 수 있습니다. 우선순위: 옵션, 환경 변수, 설정 파일의 프로필(`recruit config set KEY VALUE`), 기본값 순입니다.
help-unknown-topic = '{ $topic }' 도움말이 없습니다. `options` 또는 다음 명령 중 하나를 쓰세요: { $known }
list-none = (없음)
list-showing-of = { $total }개 중 { $shown }개를 보여 줍니다. 모든 페이지는 --all, 더 적게는 --limit N
list-showing-first = 처음 { $shown }개를 보여 줍니다. 다음 페이지가 더 있습니다. 모든 페이지는 --all, 더 적게는 --limit N
list-fetching = { $items }개 항목, { $pages }페이지
list-fetching-pages = 페이지를 가져오는 중
candidate-not-found = 지원자 '{ $code }'을(를) 찾을 수 없습니다
form-not-found = 지원서 '{ $code }'을(를) 찾을 수 없습니다
dry-run-nothing-sent = 시험 실행(dry run): 아무것도 보내지 않았습니다
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
auth-removed = 프로필 '{ $profile }'의 API 키를 지웠습니다.
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
